/**
 * YAML written the way our content files are, for the form editor's saves: the file's parsed document
 * is edited in place (a changed value keeps its quoting, an added field goes where the schema puts it),
 * and what did not change prints byte for byte, so a pull request shows only what the editor changed.
 */
import {
  Document,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  Pair,
  parseDocument,
  Scalar,
  visit,
  type Node,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml'
import { fieldSchema, type JsonSchema } from '../checker/json-schema.ts'

/** Where a map's keys go: the property order of the schema of the object at `path`, if it has one. */
export type KeyOrder = (path: readonly (string | number)[]) => readonly string[] | undefined

export interface WriteOptions {
  /** The file as it is now; without it (a new file) the data is written fresh. */
  original?: string
  order: KeyOrder
  /** The first line of a new file: `# yaml-language-server: $schema=…`. */
  modeline?: string
}

type Path = (string | number)[]

/**
 * Every value on one line, a line break in a double-quoted string as `\n`: the writer would fold it onto
 * a line at column 0, which is no longer YAML once spliced into an indented map.
 */
const WRITE = { lineWidth: 0, doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER } as const

/** A string that plain or single quotes cannot hold on one line: line breaks, tabs, other control characters. */
const needsEscapes = (value: string) => /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value)

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]))
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a)
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]))
  }
  return false
}

/** Prose in double quotes, as our files hold it; a single word (a path, a code) plain where YAML allows. */
function houseStyle<T extends Document | Node>(node: T): T {
  visit(node, {
    Scalar(key, scalar) {
      if (key !== 'key' && typeof scalar.value === 'string' && /\s/.test(scalar.value)) scalar.type = Scalar.QUOTE_DOUBLE
      else if (typeof scalar.value === 'string' && needsEscapes(scalar.value)) scalar.type = Scalar.QUOTE_DOUBLE
    },
  })
  return node
}

/** Data (already without empty values: withoutEmpty) in schema order at every level. */
function ordered(value: unknown, path: Path, order: KeyOrder): unknown {
  if (Array.isArray(value)) return value.map((item, i) => ordered(item, [...path, i], order))
  if (!isObject(value)) return value
  const keys = order(path) ?? []
  const rank = (k: string) => (keys.includes(k) ? keys.indexOf(k) : keys.length)
  return Object.fromEntries(
    Object.keys(value)
      .sort((a, b) => rank(a) - rank(b))
      .map((k) => [k, ordered(value[k], [...path, k], order)]),
  )
}

/**
 * Flow lists and maps keep their own spacing inside the brackets (our maps padded, `{ name: A }`, lists
 * not, `[Boston, Cambridge]`), where the printer has one setting for all.
 */
function keepFlowPadding(doc: Document, text: string) {
  const keep = (node: YAMLMap | YAMLSeq) => {
    if (!node.flow || !node.range || !/^[[{] /.test(text.slice(node.range[0], node.range[0] + 2))) return
    const print = node.toString.bind(node)
    node.toString = (ctx, onComment, onChompKeep) => print(ctx && { ...ctx, flowCollectionPadding: ' ' }, onComment, onChompKeep)
  }
  visit(doc, { Map: (_, node) => keep(node), Seq: (_, node) => keep(node) })
}

/** The node that starts an item's lines (a pair's key, or the item), which holds the comment and blank line above it. */
const leadOf = (item: unknown): Node | undefined => {
  const lead = isPair(item) ? item.key : item
  return isNode(lead) ? lead : undefined
}

/** Moves the comment and blank line above `from` to above `to`, so they stay where they were when `from` goes. */
function handOver(from: unknown, to: unknown) {
  const [a, b] = [leadOf(from), leadOf(to)]
  if (!a || !b || (!a.commentBefore && !a.spaceBefore)) return
  b.commentBefore = [a.commentBefore, b.commentBefore].filter(Boolean).join('\n') || undefined
  b.spaceBefore ||= a.spaceBefore
  a.commentBefore = undefined
  a.spaceBefore = undefined
}

/** The edits of a parsed file, node by node: what did not change is left as it was parsed, and prints as it was. */
class DocumentEdit {
  constructor(
    private readonly doc: Document,
    private readonly order: KeyOrder,
  ) {}

  /** `node` made to read as `value`: itself, changed inside where the data differs, or a new node in its place. */
  edited(node: unknown, old: unknown, value: unknown, path: Path): unknown {
    if (isNode(node) && equal(old, value)) return node
    if (isScalar(node) && !isObject(value) && !Array.isArray(value)) return this.scalar(node, value)
    if (isMap(node) && isObject(value)) return this.editMap(node, old as Record<string, unknown>, value, path)
    if (isSeq(node) && Array.isArray(value) && value.length > 0) return this.editSeq(node, old as unknown[], value, path)
    return this.fresh(value, path, false)
  }

  /** A value new to the file, in schema order; in a flow list or map written plain where YAML allows, as those are. */
  private fresh(value: unknown, path: Path, inFlow: boolean): Node {
    const node = this.doc.createNode(ordered(value, path, this.order)) as Node
    return inFlow ? node : houseStyle(node)
  }

  /** A changed value in the quoting the old one had (a block scalar becomes double-quoted), with the old one's comments. */
  private scalar(old: Scalar, value: unknown): Scalar {
    const node = new Scalar(value)
    if (typeof value === 'string')
      node.type =
        old.type === 'BLOCK_LITERAL' || old.type === 'BLOCK_FOLDED' || !old.type || needsEscapes(value)
          ? Scalar.QUOTE_DOUBLE
          : old.type
    Object.assign(node, { comment: old.comment, commentBefore: old.commentBefore, spaceBefore: old.spaceBefore })
    return node
  }

  private editMap(node: YAMLMap, old: Record<string, unknown>, value: Record<string, unknown>, path: Path): YAMLMap {
    const keyOf = (pair: Pair) => String(isScalar(pair.key) ? pair.key.value : pair.key)
    for (const pair of [...node.items]) {
      const key = keyOf(pair)
      if (Object.hasOwn(value, key)) pair.value = this.edited(pair.value, old[key], value[key], [...path, key])
      else {
        const at = node.items.indexOf(pair)
        handOver(pair, node.items[at + 1])
        node.items.splice(at, 1)
      }
    }
    // A key the map lacks goes after the last key the schema puts before it, or in front of the first.
    const schemaOrder = this.order(path) ?? []
    const rank = (k: string) => (schemaOrder.includes(k) ? schemaOrder.indexOf(k) : schemaOrder.length)
    for (const key of Object.keys(value).filter((k) => !node.items.some((pair) => keyOf(pair) === k))) {
      const at = node.items.findLastIndex((pair) => rank(keyOf(pair)) <= rank(key)) + 1
      const pair = new Pair(this.doc.createNode(key), this.fresh(value[key], [...path, key], node.flow ?? false))
      // In front of the first key: below the comment above it (the file's `# yaml-language-server` line).
      if (at === 0) handOver(node.items[0], pair)
      node.items.splice(at, 0, pair)
    }
    return node
  }

  private editSeq(node: YAMLSeq, old: unknown[], value: unknown[], path: Path): YAMLSeq {
    node.items.splice(value.length)
    node.items = node.items.map((item, i) => this.edited(item, old[i], value[i], [...path, i]))
    for (let i = node.items.length; i < value.length; i++) node.items.push(this.fresh(value[i], [...path, i], node.flow ?? false))
    return node
  }
}

/** Drops what a form leaves empty (null, undefined, '') and a new empty list the file did not have. */
function withoutEmpty(value: unknown, original: unknown): unknown {
  if (Array.isArray(value)) return value.map((v, i) => withoutEmpty(v, Array.isArray(original) ? original[i] : undefined))
  if (!isObject(value)) return value
  const before = isObject(original) ? original : {}
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .filter(([k, v]) => !(Array.isArray(v) && v.length === 0 && !Object.hasOwn(before, k)))
      .map(([k, v]) => [k, withoutEmpty(v, before[k])])
      // A group the form shows empty (a page's audience) is no value unless the file had it.
      .filter(([k, v]) => !(isObject(v) && Object.keys(v).length === 0 && !Object.hasOwn(before, k as string))),
  )
}

/** The file's new text: its parsed document edited where the data differs from it, or the data written fresh. */
export function writeContentYaml(data: unknown, { original, order, modeline }: WriteOptions): string {
  const doc = original === undefined ? undefined : parseDocument(original)
  const readable = doc && doc.errors.length === 0 && isMap(doc.contents) && doc.contents.items.length > 0 && !doc.contents.flow
  const old: unknown = readable ? doc.toJSON() : undefined
  const value = withoutEmpty(data, old)
  let text: string
  if (readable) {
    keepFlowPadding(doc, original!)
    doc.contents = new DocumentEdit(doc, order).edited(doc.contents, old, value, []) as typeof doc.contents
    text = doc.toString({ ...WRITE, flowCollectionPadding: false })
  } else {
    const body = houseStyle(new Document(ordered(value, [], order))).toString(WRITE)
    text = modeline ? `${modeline}\n${body}` : body
  }
  assertReadsBack(text, value)
  return text
}

/**
 * A save is written only if the content check will read back exactly what the form holds: the form
 * refuses the save with this message rather than report "saved" for a file nobody can open.
 */
function assertReadsBack(text: string, value: unknown) {
  const doc = parseDocument(text)
  if (doc.errors.length > 0 || !equal(doc.toJSON(), value))
    throw new Error(
      'This entry could not be written as a file the site can read, so nothing was saved. ' +
        'Undo the last change (a pasted or unusual character) and save again, or ask a developer.',
    )
}

/**
 * The schema's property order at every object of a content kind, its $refs followed; `schemas` are
 * all of ours, so a $ref into another file (a post's image) resolves as in its own.
 */
export function schemaOrder(schema: JsonSchema, schemas: readonly JsonSchema[]): KeyOrder {
  return (path) => {
    const field = fieldSchema(schema, [...path], schemas)
    return field?.properties ? Object.keys(field.properties) : undefined
  }
}
