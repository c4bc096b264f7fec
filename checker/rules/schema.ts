import type { ErrorObject } from 'ajv'
import { closest } from '../closest.ts'
import { reporter, problem as stepProblem, shownField, type FieldShape, type Problem, type Explained } from '../errors.ts'
import { fieldSchema, type JsonSchema } from '../json-schema.ts'
import { ALL_SCHEMAS, schemaFiles, validatorFor, type ContentKind } from '../schemas.ts'
import { formatFieldPath, placeIn, type PathSegment, type YamlSource } from '../yaml-source.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

const messages = {
  UnknownKey: (key: string, suggestion?: string): Explained => ({
    message: `'${key}' is not a known field`,
    hint: suggestion ? `did you mean ${suggestion}?` : 'Remove it, or check the spelling against the schema.',
  }),
  WrongType: (expected: string, actual: string): Explained => ({
    message: `expected ${expected}, found ${actual}`,
    hint:
      expected !== 'text'
        ? undefined
        : actual === 'a group of fields'
          ? 'A colon followed by a space starts a field in YAML: put the whole text in double quotes.'
          : actual === 'a list'
            ? 'Write the text on the same line as the field name, not as a list item starting with "-".'
            : 'Put the value in double quotes if it looks like a number, a date or yes/no.',
  }),
  TooLong: (length: number, max: number, unit: string, description?: string): Explained => ({
    message: `is ${length} ${unit} long; at most ${max} allowed`,
    hint: description,
  }),
  TooShort: (length: number, min: number, unit: string, description?: string): Explained => ({
    message: `is ${length} ${unit} long; at least ${min} needed`,
    hint: `Add at least ${min - length} more ${min - length === 1 ? unit.replace(/s$/, '') : unit}${unit === 'items' ? ' (each on a line of its own starting with "- ")' : ''}.${description ? ` ${description}` : ''}`,
  }),
  InvalidValue: (value: string, allowed: string, suggestion?: string): Explained => ({
    message: `'${value}' is not allowed here; use one of: ${allowed}`,
    hint: suggestion ? `did you mean ${suggestion}?` : undefined,
  }),
  InvalidFormat: (value: string, description?: string): Explained => ({
    message: `'${value}' does not have the expected form`,
    hint: description,
  }),
  PictureFileName: (written: string, renamed: string): Explained => ({
    message: `the picture's file name "${written.split('/').pop()}" cannot be part of an address: it has capitals, spaces or other signs`,
    hint: `Rename the file: lower case, hyphens, no spaces. Call it public${renamed} and write ${renamed} here.`,
  }),
  SchemaViolation: (detail: string): Explained => ({ message: detail }),
}

/**
 * A picture's path with its file name as a picture's address can hold it: lower case, each run of
 * spaces and signs one hyphen; undefined for a path that is not under /images/.
 */
function pictureNamed(path: string): string | undefined {
  const parts = /^\/images\/(.*\/)?([^/]+?)(\.[A-Za-z0-9]+)$/.exec(path.trim())
  if (!parts) return undefined
  const [, folder = '', name, extension] = parts
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
  return slug ? `/images/${folder}${slug}${extension.toLowerCase()}` : undefined
}

/** A picture path refused by its field's pattern for its file name alone: the name to give the file. */
function renamedPicture(value: unknown, pattern: string | undefined): string | undefined {
  const renamed = typeof value === 'string' && pattern !== undefined ? pictureNamed(value) : undefined
  return renamed !== undefined && renamed !== value && new RegExp(pattern!, 'u').test(renamed) ? renamed : undefined
}

const problem = reporter(messages)

function pathOf(instancePath: string): PathSegment[] {
  return instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p))
}

function describeType(value: unknown): string {
  if (value === null || value === undefined) return 'nothing'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a group of fields'
  if (typeof value === 'string') return 'text'
  if (typeof value === 'boolean') return `yes/no (${value})`
  if (typeof value === 'number') return `a number (${value})`
  return typeof value
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  array: 'a list',
  object: 'a group of fields',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
}

/** What a field of this schema holds, for the hint that says how to write it. */
function shapeOf(field: JsonSchema | undefined): FieldShape | undefined {
  if (field?.enum) return { oneOf: field.enum }
  if (field?.type === 'string') return 'text'
  if (field?.type === 'integer' || field?.type === 'number') return 'number'
  if (field?.type === 'array') return 'list'
  if (field?.type === 'object') return { fields: field.required ?? [] }
  return undefined
}

function schemaProblem(error: ErrorObject, source: YamlSource, kind: ContentKind): Problem {
  const path = pathOf(error.instancePath)
  const schema = (error.parentSchema ?? {}) as JsonSchema
  const description = schema.description
  const at = (p: PathSegment[], part?: 'value' | 'key') => placeIn(source, p, part)
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty)
      const known = Object.keys(schema.properties ?? {})
      return problem('UnknownKey', at([...path, key], 'key'), key, closest(key, known))
    }
    case 'required': {
      const key = String(params.missingProperty)
      const field = fieldSchema(schemaFiles[kind].schema, [...path, key], ALL_SCHEMAS)
      const description = (schema.properties ?? {})[key]?.description ?? field?.description
      const where = { ...at(path), field: formatFieldPath([...path, key]) }
      return stepProblem('MissingField', where, key, description, shapeOf(field), shownField(formatFieldPath(path)))
    }
    case 'type':
      return problem('WrongType', at(path), TYPE_NAMES[String(params.type)] ?? String(params.type), describeType(error.data))
    case 'maxLength':
      return problem('TooLong', at(path), [...String(error.data)].length, Number(params.limit), 'characters', description)
    case 'minLength':
      return problem('TooShort', at(path), [...String(error.data)].length, Number(params.limit), 'characters', description)
    case 'maxItems':
      return problem('TooLong', at(path), (error.data as unknown[]).length, Number(params.limit), 'items', description)
    case 'minItems':
      return problem('TooShort', at(path), (error.data as unknown[]).length, Number(params.limit), 'items', description)
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String)
      return problem('InvalidValue', at(path), String(error.data), allowed.join(', '), closest(String(error.data), allowed))
    }
    case 'pattern': {
      const renamed = renamedPicture(error.data, schema.pattern)
      if (renamed) return problem('PictureFileName', at(path), String(error.data), renamed)
      return problem('InvalidFormat', at(path), String(error.data), description)
    }
    default:
      return problem('SchemaViolation', at(path), `${error.message ?? 'is not valid'}`)
  }
}

/** Schema errors of one parsed file, each at its exact node; all of them, in file order. */
function schemaProblems(source: YamlSource, kind: ContentKind): Problem[] {
  const validate = validatorFor(kind)
  if (validate(source.data)) return []
  const seen = new Set<string>()
  const problems: Problem[] = []
  for (const error of validate.errors ?? []) {
    // `type` errors under a failed `$ref` repeat what the inner error says.
    const key = `${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`
    if (seen.has(key)) continue
    seen.add(key)
    problems.push(schemaProblem(error, source, kind))
  }
  return problems
}

/** The file against its kind's JSON Schema (schema/*.schema.json): fields, types, lengths, allowed values. */
export const schema = defineFileRule({
  name: 'schema',
  stage: 'shape',
  kinds: ALL_KINDS,
  messages,
  file: ({ source, kind }) => schemaProblems(source, kind),
  docs: {
    UnknownKey: {
      means: 'A field name the page format does not know, often a typo or wrong letter case.',
      example: ['descriptionone', 'descriptionOne'],
    },
    WrongType: {
      means:
        'The value has the wrong shape: text where a list is expected, a list where text is expected, or a number or yes/no that should be text.',
      example: ['text', 'a number'],
    },
    TooLong: {
      means: 'The text is longer than the field allows; search engines or the layout would cut it.',
      example: [65, 60, 'characters', 'The browser tab and search-result title. 10 to 60 characters.'],
    },
    TooShort: {
      means: 'The text is shorter than the field needs.',
      example: [80, 120, 'characters', 'The search-result snippet. 120 to 160 characters.'],
    },
    InvalidValue: {
      means: 'The field accepts only a fixed set of values.',
      example: ['locaton', 'service, industry, location', 'location'],
    },
    InvalidFormat: {
      means: 'The value does not have the required form, e.g. an image path outside /images/.',
      example: ['images/hero.png', 'Path of the file under public/, e.g. /images/pages/ai-development-hero.svg.'],
    },
    PictureFileName: {
      means:
        "A picture's file name becomes part of its address, so it may hold only lower-case letters, digits and hyphens: a photo saved as Team Photo.PNG is renamed team-photo.png, and the page names it so.",
      example: ['/images/pages/Team Photo.PNG', '/images/pages/team-photo.png'],
    },
    SchemaViolation: {
      means: 'Another rule of the page format is broken; the message says which.',
      example: ['must have at least 1 item'],
    },
  },
})
