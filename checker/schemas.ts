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
 * Every error of a file, with the schema and data behind each. Checking the schemas themselves
 * (schemas.test.ts does) or optimising the validators would double their start-up cost for no gain.
 */
const AJV_OPTIONS = { allErrors: true, strict: true, verbose: true, validateSchema: false, code: { optimize: false } } as const

function createAjv() {
  const ajv = new Ajv2020(AJV_OPTIONS)
  // tsType tells json-schema-to-typescript which TypeScript type a field has; validation ignores it.
  ajv.addKeyword({ keyword: 'tsType', schemaType: 'string' })
  // What the form editor tells of a field and, at a schema's root, of its sections (tools/form-editor/fields.ts).
  for (const keyword of ['editorLabel', 'editorShows', 'editorSection', 'editorFolder'])
    ajv.addKeyword({ keyword, schemaType: 'string' })
  for (const keyword of ['editorParts', 'editorSections']) ajv.addKeyword({ keyword, schemaType: 'object' })
  for (const { schema } of Object.values(schemaFiles)) ajv.addSchema(schema)
  return ajv
}

let compiled: Record<ContentKind, ValidateFunction> | undefined

/** The validator of each content kind, compiled on first use: one Ajv for all, as schemas refer to each other by $id. */
export function validatorFor(kind: ContentKind): ValidateFunction {
  compiled ??= validatorsOf(createAjv())
  return compiled[kind]
}

function validatorsOf(ajv: Ajv2020): Record<ContentKind, ValidateFunction> {
  return Object.fromEntries(
    Object.entries(schemaFiles).map(([kind, { schema }]) => [kind, ajv.getSchema(schema.$id as string)!]),
  ) as Record<ContentKind, ValidateFunction>
}
