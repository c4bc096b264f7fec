/**
 * YAML written the way our content files are, for the form editor's saves. A save edits the file's
 * own text: each changed value is written in place, in the quoting it had; a field added goes where
 * the schema puts it; a field or item removed takes its lines with it. Every byte of what did not
 * change stays as it was (comments, quoting, flow lists, the `# yaml-language-server` line), so an
 * unchanged save changes nothing and a pull request shows only what the editor changed.
 */
import {
  Document,
  isMap,
  isScalar,
  isSeq,
  parse,
  parseDocument,
  Scalar,
  visit,
  type Node,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml'
import { fieldSchema, type JsonSchema } from '../codegen/json-schema.ts'

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
/** A block map and a block list of a file as parsed: keys are scalars, values nodes (null for `key:`). */
type BlockMap = YAMLMap<Scalar, Node | null>
type BlockSeq = YAMLSeq<Node | null>
interface Edit {
  start: number
  end: number
  text: string
}

/**
 * How every value is written: on one line whatever its length, and a line break inside a double-quoted
 * string as the escape `\n`. Left to itself the writer folds such a string onto a second line that
 * starts at column 0, which is no longer YAML once the value is spliced into an indented map.
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
function houseStyle(doc: Document) {
  visit(doc, {
    Scalar(key, node) {
      if (key !== 'key' && typeof node.value === 'string' && /\s/.test(node.value)) node.type = Scalar.QUOTE_DOUBLE
      else if (typeof node.value === 'string' && needsEscapes(node.value)) node.type = Scalar.QUOTE_DOUBLE
    },
  })
  return doc
}

/** Data in schema order at every level, without the empty values a form leaves behind. */
function ordered(value: unknown, path: Path, order: KeyOrder): unknown {
  if (Array.isArray(value)) return value.map((item, i) => ordered(item, [...path, i], order))
  if (!isObject(value)) return value
  const keys = order(path) ?? []
  const rank = (k: string) => (keys.includes(k) ? keys.indexOf(k) : keys.length)
  return Object.fromEntries(
    Object.keys(value)
      .filter((k) => value[k] !== undefined && value[k] !== null && value[k] !== '')
      .sort((a, b) => rank(a) - rank(b))
      .map((k) => [k, ordered(value[k], [...path, k], order)]),
  )
}

/** `key: value` as fresh lines at `indent`, ending in a newline. */
function freshPair(key: string, value: unknown, indent: number): string {
  const text = houseStyle(new Document({ [key]: value })).toString(WRITE)
  return indentLines(text, indent)
}

/** A list item as fresh lines, its dash at `indent`. */
const freshItem = (value: unknown, indent: number) => indentLines(houseStyle(new Document([value])).toString(WRITE), indent)

const indentLines = (text: string, indent: number) => text.replace(/^(?=.)/gm, ' '.repeat(indent)).replace(/\n*$/, '\n')

/** A value in the quoting the old one had (a block scalar becomes double-quoted), on one line. */
function scalarText(value: unknown, type: Scalar['type']): string {
  const node = new Scalar(value)
  if (typeof value === 'string')
    node.type = type === 'BLOCK_LITERAL' || type === 'BLOCK_FOLDED' || !type || needsEscapes(value) ? Scalar.QUOTE_DOUBLE : type
  return new Document(node).toString(WRITE).replace(/\n$/, '')
}

/** A flow list or map (`[Boston, Massachusetts]`, `{ name: …, img: … }`) written again, spaced inside as it was. */
function flowText(value: unknown, padded: boolean): string {
  const doc = new Document(value)
  visit(doc, {
    Map: (_, node) => void (node.flow = true),
    Seq: (_, node) => void (node.flow = true),
  })
  return doc.toString({ ...WRITE, flowCollectionPadding: padded }).replace(/\n$/, '')
}

/** The edits that turn a file's text into new data: each changed part of the text, and what replaces it. */
class TextPatch {
  readonly edits: Edit[] = []

  constructor(
    private readonly text: string,
    private readonly order: KeyOrder,
  ) {}

  private lineStart(pos: number) {
    return this.text.lastIndexOf('\n', pos - 1) + 1
  }

  /** Just after the newline that ends the line where a node ending at `end` ends. */
  private lineEnd(end: number) {
    let e = end
    while (e > 0 && /\s/.test(this.text[e - 1])) e--
    const newline = this.text.indexOf('\n', e)
    return newline === -1 ? this.text.length : newline + 1
  }

  private column(pos: number) {
    return pos - this.lineStart(pos)
  }

  /** `old` is what `node` reads as, computed once for the whole file; `replace` writes the value fresh. */
  patch(node: Node | null, old: unknown, value: unknown, path: Path, replace: () => void) {
    if (node && equal(old, value)) return
    const [start, end] = node?.range ?? [0, 0]
    if (isScalar(node) && !isObject(value) && !Array.isArray(value))
      return void this.edits.push({ start, end, text: scalarText(value, node.type) })
    if ((isMap(node) || isSeq(node)) && node.flow && (isObject(value) || Array.isArray(value)) && !hasCollections(value))
      return void this.edits.push({ start, end, text: flowText(value, /^[[{] /.test(this.text.slice(start, start + 2))) })
    if (isMap(node) && !node.flow && isObject(value))
      return this.patchMap(node as BlockMap, old as Record<string, unknown>, value, path)
    if (isSeq(node) && !node.flow && Array.isArray(value) && value.length > 0)
      return this.patchSeq(node as BlockSeq, old as unknown[], value, path)
    replace()
  }

  private patchMap(node: BlockMap, old: Record<string, unknown>, value: Record<string, unknown>, path: Path) {
    const indent = this.column(node.items[0].key.range![0])
    for (const pair of node.items) {
      const key = String(pair.key.value)
      const [keyStart, keyEnd] = pair.key.range!
      const valueEnd = pair.value?.range?.[1] ?? keyEnd
      if (!Object.hasOwn(value, key)) {
        // The first key of a list item shares its line with the dash: only the key goes, and the next key moves up.
        const first = pair === node.items[0] && !/^\s*$/.test(this.text.slice(this.lineStart(keyStart), keyStart))
        const next = node.items[1]?.key.range![0]
        this.edits.push(
          first && next !== undefined
            ? { start: keyStart, end: next, text: '' }
            : { start: this.lineStart(keyStart), end: this.lineEnd(valueEnd), text: '' },
        )
        continue
      }
      const stop = this.lineEnd(valueEnd)
      this.patch(pair.value, old[key], value[key], [...path, key], () =>
        this.edits.push({
          start: keyEnd,
          end: this.text[stop - 1] === '\n' ? stop - 1 : stop,
          text: freshPair(key, value[key], indent)
            .slice(indent + key.length)
            .replace(/\n$/, ''),
        }),
      )
    }
    this.addKeys(node, value, path, indent)
  }

  /** The keys of `value` the map lacks: each after the last key the schema puts before it, or in front of the first. */
  private addKeys(node: BlockMap, value: Record<string, unknown>, path: Path, indent: number) {
    const keys = node.items.map((pair) => String(pair.key.value))
    const schemaOrder = this.order(path) ?? []
    const rank = (k: string) => (schemaOrder.includes(k) ? schemaOrder.indexOf(k) : schemaOrder.length)
    for (const key of Object.keys(value).filter((k) => !keys.includes(k))) {
      const before = node.items.filter((p) => rank(String(p.key.value)) <= rank(key)).pop()
      const text = freshPair(key, value[key], indent)
      if (before) {
        const at = this.lineEnd(before.value?.range?.[1] ?? before.key.range![1])
        this.edits.push({ start: at, end: at, text })
      } else {
        const at = node.items[0].key.range![0]
        this.edits.push({ start: at, end: at, text: text.slice(indent) + ' '.repeat(indent) })
      }
    }
  }

  private patchSeq(node: BlockSeq, old: unknown[], value: unknown[], path: Path) {
    const items = node.items
    const dash = this.text.lastIndexOf('-', items[0]?.range?.[0] ?? node.range![0])
    const indent = this.column(dash)
    items.forEach((item, i) => {
      const itemStart = this.lineStart(item?.range?.[0] ?? dash)
      const itemEnd = this.lineEnd(item?.range?.[1] ?? dash)
      if (i >= value.length) return this.edits.push({ start: itemStart, end: itemEnd, text: '' })
      this.patch(item, old[i], value[i], [...path, i], () =>
        this.edits.push({ start: itemStart, end: itemEnd, text: freshItem(value[i], indent) }),
      )
    })
    if (value.length > items.length) {
      const at = this.lineEnd(items[items.length - 1]?.range?.[1] ?? dash)
      const added = value
        .slice(items.length)
        .map((v, i) => freshItem(ordered(v, [...path, items.length + i], this.order), indent))
      this.edits.push({ start: at, end: at, text: added.join('') })
    }
  }
}

const hasCollections = (value: object) => Object.values(value).some((v) => v !== null && typeof v === 'object')

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

/** The file's new text: the original patched where the data differs from it, or the data written fresh. */
export function writeContentYaml(data: unknown, { original, order, modeline }: WriteOptions): string {
  const doc = original === undefined ? undefined : parseDocument(original)
  const readable = doc && doc.errors.length === 0 && isMap(doc.contents) && doc.contents.items.length > 0 && !doc.contents.flow
  const old: unknown = readable ? doc!.toJSON() : undefined
  const value = withoutEmpty(data, old)
  let text: string
  if (!readable || original === undefined) {
    const body = houseStyle(new Document(ordered(value, [], order))).toString(WRITE)
    text = modeline ? `${modeline}\n${body}` : body
  } else {
    const patch = new TextPatch(original, order)
    patch.patch(doc!.contents, old, value, [], () => undefined)
    text = original
    for (const edit of patch.edits.sort((a, b) => b.start - a.start))
      text = text.slice(0, edit.start) + edit.text + text.slice(edit.end)
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

/** Reads a content file as the content check does (YAML 1.2 core schema). */
export const readContentYaml = (text: string): unknown => parse(text)

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
