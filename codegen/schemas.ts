import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import standaloneCode from 'ajv/dist/standalone/index.js'
import blogSchema from '../schema/blog.schema.json' with { type: 'json' }
import pageSchema from '../schema/page.schema.json' with { type: 'json' }
import projectsSchema from '../schema/projects.schema.json' with { type: 'json' }
import redirectsSchema from '../schema/redirects.schema.json' with { type: 'json' }
import siteSchema from '../schema/site.schema.json' with { type: 'json' }
import { codeVersion, type CodeInputs } from './code-version.ts'
import { keptFile } from './files.ts'
import type { JsonSchema } from './json-schema.ts'
import { writeFileAtomic } from './write-atomic.ts'

export type ContentKind = 'page' | 'site' | 'blog' | 'projects' | 'redirects'

export const schemaFiles: Record<ContentKind, { file: string; schema: JsonSchema }> = {
  page: { file: 'schema/page.schema.json', schema: pageSchema },
  site: { file: 'schema/site.schema.json', schema: siteSchema },
  blog: { file: 'schema/blog.schema.json', schema: blogSchema },
  projects: { file: 'schema/projects.schema.json', schema: projectsSchema },
  redirects: { file: 'schema/redirects.schema.json', schema: redirectsSchema },
}

/** Every schema, for following a $ref from one schema file into another. */
export const ALL_SCHEMAS: readonly JsonSchema[] = Object.values(schemaFiles).map((s) => s.schema)

let compiled: Record<ContentKind, ValidateFunction> | undefined

/** The validator of each content kind: one Ajv instance for all, as schemas reference each other by $id. */
export function validatorFor(kind: ContentKind): ValidateFunction {
  compiled ??= loadValidators()
  return compiled[kind]
}

const AJV_OPTIONS = { allErrors: true, strict: true, verbose: true } as const

function createAjv(source: boolean) {
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source } })
  // tsType tells json-schema-to-typescript which TypeScript type a field has; validation ignores it.
  ajv.addKeyword({ keyword: 'tsType', schemaType: 'string' })
  // What editors are told of a field (its label, what it shows, its section, a picture's folder, the
  // words for the fields of a shared definition): read by tools/form-editor/fields.ts; validation ignores them.
  for (const keyword of ['editorLabel', 'editorShows', 'editorSection', 'editorFolder'])
    ajv.addKeyword({ keyword, schemaType: 'string' })
  ajv.addKeyword({ keyword: 'editorParts', schemaType: 'object' })
  for (const { schema } of Object.values(schemaFiles)) ajv.addSchema(schema)
  return ajv
}

/** What the validators' code is made with besides the schemas: this file (the options, the keywords) and Ajv. */
const VALIDATOR_CODE = { sourceFiles: ['codegen/schemas.ts'], libraries: ['ajv'] } satisfies CodeInputs

/**
 * The validators, from Ajv's standalone code kept in node_modules/.cache/site-validators under a
 * hash of the schemas and their code (VALIDATOR_CODE). Compiling costs 0.18 s in every thread that
 * checks content, loading the kept code 8 ms; both give the same errors. Without a cache folder,
 * or when it cannot be written, they are compiled in memory.
 */
function loadValidators(): Record<ContentKind, ValidateFunction> {
  const require = createRequire(import.meta.url)
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
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

/** The validators compiled in memory, as a thread without the kept code has them. */
export const compileValidators = () => validatorsOf(createAjv(false))

function validatorsOf(ajv: Ajv2020): Record<ContentKind, ValidateFunction> {
  return Object.fromEntries(
    Object.entries(schemaFiles).map(([kind, { schema }]) => [kind, ajv.getSchema(schema.$id as string)!]),
  ) as Record<ContentKind, ValidateFunction>
}
