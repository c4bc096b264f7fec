import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import blogSchema from '../schema/blog.schema.json' with { type: 'json' }
import pageSchema from '../schema/page.schema.json' with { type: 'json' }
import projectsSchema from '../schema/projects.schema.json' with { type: 'json' }
import redirectsSchema from '../schema/redirects.schema.json' with { type: 'json' }
import siteSchema from '../schema/site.schema.json' with { type: 'json' }
import type { JsonSchema } from './json-schema.ts'

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

/**
 * Every error of a file, with the schema and data behind each. The schema files are not checked
 * against JSON Schema's own schema when a process starts (schemas.test.ts does that), and the
 * validators' code is not optimised: either would double the 0.25 s it takes to compile them, in a
 * build that then validates 50 files in 5 ms. Strict mode still refuses any keyword it does not know.
 */
const AJV_OPTIONS = { allErrors: true, strict: true, verbose: true, validateSchema: false, code: { optimize: false } } as const

function createAjv() {
  const ajv = new Ajv2020(AJV_OPTIONS)
  // tsType tells json-schema-to-typescript which TypeScript type a field has; validation ignores it.
  ajv.addKeyword({ keyword: 'tsType', schemaType: 'string' })
  // What editors are told of a field (its label, what it shows, its section, a picture's folder, the
  // words for the fields of a shared definition): read by tools/form-editor/fields.ts; validation ignores them.
  for (const keyword of ['editorLabel', 'editorShows', 'editorSection', 'editorFolder'])
    ajv.addKeyword({ keyword, schemaType: 'string' })
  // and, at a schema's root, the sections of the pages its fields show in (their labels and where they are).
  for (const keyword of ['editorParts', 'editorSections']) ajv.addKeyword({ keyword, schemaType: 'object' })
  for (const { schema } of Object.values(schemaFiles)) ajv.addSchema(schema)
  return ajv
}

let compiled: Record<ContentKind, ValidateFunction> | undefined

/**
 * The validator of each content kind: one Ajv instance for all, as schemas reference each other by
 * $id; compiled on first use.
 */
export function validatorFor(kind: ContentKind): ValidateFunction {
  compiled ??= validatorsOf(createAjv())
  return compiled[kind]
}

function validatorsOf(ajv: Ajv2020): Record<ContentKind, ValidateFunction> {
  return Object.fromEntries(
    Object.entries(schemaFiles).map(([kind, { schema }]) => [kind, ajv.getSchema(schema.$id as string)!]),
  ) as Record<ContentKind, ValidateFunction>
}
