/**
 * The schema validators in Node: Ajv's standalone code kept in node_modules/.cache/site-validators
 * under a hash of the schemas and their code (VALIDATOR_CODE). Compiling costs 0.18 s in every
 * thread that checks content, loading the kept code 8 ms; both give the same errors. Without a
 * cache folder, or when it cannot be written, they are compiled in memory.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import standaloneCode from 'ajv/dist/standalone/index.js'
import { codeVersion, type CodeInputs } from '../code-version.ts'
import { keptFile } from '../files.ts'
import { createAjv, schemaFiles, validatorsOf, type ContentKind } from '../schemas.ts'
import { writeFileAtomic } from '../write-atomic.ts'

/** What the validators' code is made with besides the schemas: the Ajv options and keywords, this loader, and Ajv. */
const VALIDATOR_CODE = {
  sourceFiles: ['codegen/schemas.ts', 'codegen/platform/validators-node.ts'],
  libraries: ['ajv'],
} satisfies CodeInputs

function loadValidators(): Record<ContentKind, ValidateFunction> {
  const require = createRequire(import.meta.url)
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
  const key = createHash('sha256')
    .update(JSON.stringify([schemaFiles, codeVersion(root, VALIDATOR_CODE)]))
    .digest('hex')
    .slice(0, 16)
  const file = keptFile(root, 'site-validators', `${key}.cjs`)
  if (file && existsSync(file)) {
    try {
      return require(file) as Record<ContentKind, ValidateFunction>
    } catch {
      // Unreadable: compiled again below.
    }
  }
  const ajv = createAjv(file !== undefined)
  const ids = Object.fromEntries(Object.entries(schemaFiles).map(([kind, { schema }]) => [kind, schema.$id as string]))
  if (file) {
    try {
      writeFileAtomic(file, standaloneCode(ajv, ids))
    } catch {
      // A read-only or full disk only costs the next thread the compile.
    }
  }
  return validatorsOf(ajv)
}

let loaded: Record<ContentKind, ValidateFunction> | undefined

/** The validator of each content kind: one Ajv instance for all, as schemas reference each other by $id. */
export function validatorFor(kind: ContentKind): ValidateFunction {
  loaded ??= loadValidators()
  return loaded[kind]
}
