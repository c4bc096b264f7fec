/**
 * Reading our JSON Schemas ($refs, a field's schema, every field, a walk of data beside its schema),
 * one way for the checker, the type generator and `npm run new:page` alike.
 */

import type { PathSegment } from './yaml-source.ts'

/** A JSON Schema node: the keywords the tools here read, and any other. */
export interface JsonSchema {
  $id?: string
  $ref?: string
  $defs?: Record<string, JsonSchema>
  type?: string
  description?: string
  enum?: string[]
  pattern?: string
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  required?: string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  [keyword: string]: unknown
}

/**
 * Resolves a $ref ('#/$defs/x', or 'page.schema.json#/$defs/x' naming another of `schemas` by its
 * $id) from the schema file `from`: the node, and the file it is in (where its own $refs start).
 */
export function resolveRef(
  ref: string,
  from: JsonSchema,
  schemas: readonly JsonSchema[] = [],
): { schema: JsonSchema; root: JsonSchema } {
  const [fileId, pointer = ''] = ref.split('#')
  const root = fileId ? (schemas.find((s) => s.$id === fileId) ?? from) : from
  let node: unknown = root
  for (const part of pointer.split('/').filter(Boolean)) node = (node as Record<string, unknown>)[part]
  return { schema: node as JsonSchema, root }
}

/** A field's schema with its $ref followed, and the file it is then in; keywords beside the $ref (its description) win. */
function followRef(field: JsonSchema, from: JsonSchema, schemas: readonly JsonSchema[] = []) {
  if (!field.$ref) return { schema: field, root: from }
  const target = resolveRef(field.$ref, from, schemas)
  return { schema: { ...target.schema, ...field, $ref: undefined }, root: target.root }
}

/**
 * The schema of the value at `path` of data the schema `root` describes; undefined where it says
 * nothing. A $ref into another schema file is followed among `schemas`.
 */
export function fieldSchema(
  root: JsonSchema,
  path: readonly PathSegment[],
  schemas: readonly JsonSchema[] = [],
): JsonSchema | undefined {
  let node: JsonSchema | undefined = root
  let from = root
  for (const segment of path) {
    if (!node) return undefined
    ;({ schema: node, root: from } = followRef(node, from, schemas))
    node =
      typeof segment === 'number'
        ? node.items
        : node.properties && Object.hasOwn(node.properties, segment)
          ? node.properties[segment]
          : undefined
  }
  return node && followRef(node, from, schemas).schema
}

/**
 * The least data of a schema's shape: each required field of an object, in the schema's order, and
 * one item of a list (or as many as minItems asks); `leaf` makes every other value from its schema
 * ($refs followed) and its field's name. An item without a description of its own takes its list's.
 */
export function requiredShape(
  schema: JsonSchema,
  root: JsonSchema,
  leaf: (field: JsonSchema, name: string) => unknown,
  name = '',
): unknown {
  const field = followRef(schema, root).schema
  if (field.type === 'object')
    return Object.fromEntries((field.required ?? []).map((key) => [key, requiredShape(field.properties![key], root, leaf, key)]))
  if (field.type === 'array') {
    const items = { ...field.items!, description: field.items!.description ?? field.description }
    // Beside a $ref, the list's description wins over the definition's.
    const described = items.$ref ? { ...items, description: field.description } : items
    return Array.from({ length: Math.max(1, field.minItems ?? 1) }, () => requiredShape(described, root, leaf, name))
  }
  return leaf(field, name)
}

/**
 * Every property a schema defines, with where it is written: `.name` for a property, `[]` for the
 * items of a list, `#name` for a definition (`page.services[].title`, `page#image.alt`).
 */
export function schemaFields(schema: JsonSchema, at: string): { path: string; schema: JsonSchema }[] {
  const found: { path: string; schema: JsonSchema }[] = []
  const visit = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return
    const obj = node as JsonSchema
    for (const [key, child] of Object.entries(obj.properties ?? {})) {
      found.push({ path: `${path}.${key}`, schema: child })
      visit(child, `${path}.${key}`)
    }
    if (obj.items) visit(obj.items, `${path}[]`)
    for (const [key, def] of Object.entries(obj.$defs ?? {})) visit(def, `${path}#${key}`)
  }
  visit(schema, at)
  return found
}

/**
 * A copy of a schema with every $ref node replaced by what `to` makes of its ref (keywords beside a
 * $ref go with it), and the keywords named in `drop` left out at every level.
 */
export function mapRefs(node: unknown, to: (ref: string) => unknown, drop: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => mapRefs(n, to, drop))
  if (!node || typeof node !== 'object') return node
  const obj = node as JsonSchema
  if (typeof obj.$ref === 'string') return to(obj.$ref)
  return Object.fromEntries(
    Object.entries(obj)
      .filter(([key]) => !drop.includes(key))
      .map(([key, value]) => [key, mapRefs(value, to, drop)]),
  )
}

/** The schema that describes a value, $refs followed, with the $refs it took to get there. */
interface Described {
  schema: JsonSchema
  refs: readonly string[]
}

/** What walkData calls on the way. */
export interface DataVisitor {
  /** Every value, a container before what it holds; `described` is undefined where the schema says nothing. */
  value(value: unknown, path: PathSegment[], described: Described | undefined): void
  /** Every key of an object, just before the value it names. */
  key?(key: string, path: PathSegment[]): void
}

/**
 * Walks `data` in document order beside the schema `root` (of `schemas`) that describes it. Values
 * the schema does not describe (an unknown key, a list where it expects text) are still visited.
 */
export function walkData(data: unknown, root: JsonSchema, visitor: DataVisitor, schemas: readonly JsonSchema[] = []) {
  const visit = (value: unknown, schema: JsonSchema | undefined, from: JsonSchema, path: PathSegment[]) => {
    let described: Described | undefined
    if (schema) {
      const refs: string[] = []
      while (typeof schema.$ref === 'string') {
        refs.push(schema.$ref)
        ;({ schema, root: from } = resolveRef(schema.$ref, from, schemas))
      }
      described = { schema, refs }
    }
    visitor.value(value, path, described)
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, schema?.items, from, [...path, i]))
    } else if (value && typeof value === 'object') {
      const properties = schema?.properties
      for (const [key, item] of Object.entries(value)) {
        const at = [...path, key]
        visitor.key?.(key, at)
        visit(item, properties && Object.hasOwn(properties, key) ? properties[key] : undefined, from, at)
      }
    }
  }
  visit(data, root, root, [])
}
