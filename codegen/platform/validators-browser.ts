/** The schema validators in a browser (the form editor's check): compiled in memory once, 0.2 s. */
import type { ValidateFunction } from 'ajv/dist/2020.js'
import { compileValidators, type ContentKind } from '../schemas.ts'

let compiled: Record<ContentKind, ValidateFunction> | undefined

/** The validator of each content kind: one Ajv instance for all, as schemas reference each other by $id. */
export function validatorFor(kind: ContentKind): ValidateFunction {
  compiled ??= compileValidators()
  return compiled[kind]
}
