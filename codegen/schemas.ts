import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import blogSchema from '../schema/blog.schema.json' with { type: 'json' }
import pageSchema from '../schema/page.schema.json' with { type: 'json' }
import projectsSchema from '../schema/projects.schema.json' with { type: 'json' }
import siteSchema from '../schema/site.schema.json' with { type: 'json' }

export type ContentKind = 'page' | 'site' | 'blog' | 'projects'
export type JsonSchema = Record<string, unknown>

export const schemaFiles: Record<ContentKind, { file: string; schema: JsonSchema }> = {
  page: { file: 'schema/page.schema.json', schema: pageSchema },
  site: { file: 'schema/site.schema.json', schema: siteSchema },
  blog: { file: 'schema/blog.schema.json', schema: blogSchema },
  projects: { file: 'schema/projects.schema.json', schema: projectsSchema },
}

let compiled: Record<ContentKind, ValidateFunction> | undefined

/** One Ajv instance for all kinds, compiled once: schemas reference each other by $id. */
export function validatorFor(kind: ContentKind): ValidateFunction {
  if (!compiled) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true })
    // tsType tells json-schema-to-typescript which TypeScript type a field has; validation ignores it.
    ajv.addKeyword({ keyword: 'tsType', schemaType: 'string' })
    for (const { schema } of Object.values(schemaFiles)) ajv.addSchema(schema)
    compiled = Object.fromEntries(
      Object.entries(schemaFiles).map(([k, { schema }]) => [k, ajv.getSchema(schema.$id as string)!]),
    ) as Record<ContentKind, ValidateFunction>
  }
  return compiled[kind]
}

/** Resolves a $ref of our schemas ('#/$defs/x' or 'page.schema.json#/$defs/x'). */
export function resolveRef(ref: string, from: JsonSchema): { schema: JsonSchema; root: JsonSchema } {
  const [fileId, pointer = ''] = ref.split('#')
  const root = fileId ? (Object.values(schemaFiles).find((s) => s.schema.$id === fileId)?.schema ?? from) : from
  let node: unknown = root
  for (const part of pointer.split('/').filter(Boolean)) node = (node as Record<string, unknown>)[part]
  return { schema: node as JsonSchema, root }
}
