import {
  constructFromEvents,
  defineScalarTag,
  EVENT_ID,
  FAILSAFE_SCHEMA,
  NOT_RESOLVED,
  parseEvents,
  SCALAR_STYLE,
  Schema,
  type Event,
} from 'js-yaml'
import { isAlias, isMap, isScalar, isSeq, LineCounter, visit, type Document, type Node } from 'yaml'
import { ANY_FORBIDDEN, describeCharacter, FORBIDDEN_CHARACTER } from './characters.ts'
import { problem, type Place, type Problem } from './errors.ts'
import { MAX_YAML_NESTING } from './limits.ts'
import { explainYamlError } from './yaml-errors.ts'
import { composeDocument, tooDeepAt, yamlTokens } from './yaml-nesting.ts'

export type PathSegment = string | number
interface SourceLocation {
  line: number
  column: number
}

/** A parsed YAML file that can still point at the exact node behind any value. */
export interface YamlSource {
  file: string
  data: unknown
  problems: Problem[]
  /** The text parsed (BOM removed, line ends \n), for a rule that looks at how a value is written. */
  text?: string
  /** Where the value at `path` is written; with `key`, where its key is. Falls back to the nearest ancestor. */
  locate(path: readonly PathSegment[], part?: 'value' | 'key'): SourceLocation
}

/** Editors save with BOMs and CRLF line endings; neither is an error, so both are normalised away. */
function normalizeSource(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
}

/** Field path as editors read it: services[3].title */
export function formatFieldPath(path: readonly PathSegment[]): string {
  return path.reduce<string>((out, seg) => (typeof seg === 'number' ? `${out}[${seg}]` : out ? `${out}.${seg}` : seg), '')
}

/** Where the value at `path` of a file is written (with `key`, its field name), for a problem's place. */
export const placeIn = (source: YamlSource, path: readonly PathSegment[], part?: 'value' | 'key'): Place => ({
  file: source.file,
  ...source.locate(path, part),
  field: formatFieldPath(path),
})

/** A plain scalar read by the test and value of `yaml`'s core schema. */
const coreScalar = (name: string, test: RegExp, value: (text: string) => unknown) =>
  defineScalarTag(`tag:yaml.org,2002:${name}`, {
    implicit: true,
    resolve: (text) => (test.test(text) ? value(text) : NOT_RESOLVED),
    identify: () => false,
  })

/**
 * js-yaml with the scalar rules of `yaml`'s core schema (null, bool, int, float: the same tests,
 * in the same order, and the same values), so both read every plain scalar alike: `1e400` is
 * Infinity to both, where js-yaml's own schema would keep it a string.
 */
const YAML_CORE_SCHEMA = new Schema([
  ...FAILSAFE_SCHEMA.tags,
  coreScalar('null', /^(?:~|[Nn]ull|NULL)?$/, () => null),
  coreScalar('bool', /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (text) => text[0] === 't' || text[0] === 'T'),
  coreScalar('int', /^(?:0o[0-7]+|[-+]?[0-9]+|0x[0-9a-fA-F]+)$/, (text) =>
    text[1] === 'o' ? parseInt(text.slice(2), 8) : text[1] === 'x' ? parseInt(text.slice(2), 16) : parseInt(text, 10),
  ),
  coreScalar(
    'float',
    /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*))$/,
    (text) => (/nan$/i.test(text) ? NaN : /inf$/i.test(text) ? (text[0] === '-' ? -Infinity : Infinity) : parseFloat(text)),
  ),
])

/** A plain key that is not plainly a string to both parsers (`yaml` names a null key '', js-yaml 'null'). */
const UNCLEAR_PLAIN_KEY = /^(?:~|[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE|[-+.0-9].*)?$/

/** Where a mapping stands while its events are read: next comes a key, or a value. */
const KEY = 1
const VALUE = 2
const OTHER = 3

/**
 * The data of a file that plainly holds data (one document, no directives, anchors, aliases or tags,
 * every key a string), read by js-yaml, which is twice as fast as `yaml` but keeps no positions.
 * Undefined for anything else, or on any problem: `yaml` then reads the file and reports it.
 */
export function plainData(text: string): { data: unknown } | undefined {
  let events: Event[]
  try {
    events = parseEvents(text, {})
  } catch {
    return undefined
  }
  const open: number[] = []
  for (const event of events) {
    if (event.type === EVENT_ID.POP) {
      open.pop()
      continue
    }
    if (event.type === EVENT_ID.ALIAS) return undefined
    // A %YAML 1.1 directive makes `yes` true and 0777 octal to `yaml`.
    if (event.type === EVENT_ID.DOCUMENT ? event.directives.length > 0 : event.anchorStart !== -1 || event.tagStart !== -1)
      return undefined
    const top = open.length - 1
    if (open[top] === KEY) {
      if (event.type !== EVENT_ID.SCALAR) return undefined
      const key = text.slice(event.valueStart, event.valueEnd)
      if (key === '__proto__' || (event.style === SCALAR_STYLE.PLAIN && UNCLEAR_PLAIN_KEY.test(key))) return undefined
      open[top] = VALUE
    } else if (open[top] === VALUE) open[top] = KEY
    if (event.type === EVENT_ID.MAPPING) open.push(KEY)
    else if (event.type === EVENT_ID.SEQUENCE || event.type === EVENT_ID.DOCUMENT) open.push(OTHER)
    // The document is the first entry: the rest are the lists and fields around this event.
    if (open.length - 1 > MAX_YAML_NESTING) return undefined
  }
  try {
    const documents = constructFromEvents(events, { source: text, schema: YAML_CORE_SCHEMA, maxAliases: 0 })
    return documents.length === 1 && documents[0] !== null && documents[0] !== undefined ? { data: documents[0] } : undefined
  } catch {
    return undefined
  }
}

/**
 * Parses a content file: one that plainly holds data fast (plainData), again with positions only when
 * a check asks where something is; any other with positions at once, every YAML problem reported.
 */
export function parseYamlSource(rawText: string, file: string): YamlSource {
  const text = normalizeSource(rawText)
  const plain = ANY_FORBIDDEN.test(text) ? undefined : plainData(text)
  if (!plain) return parseWithPositions(text, file)
  let positioned: YamlSource | undefined
  return {
    file,
    data: plain.data,
    problems: [],
    text,
    locate: (at, part) => (positioned ??= parseWithPositions(text, file)).locate(at, part),
  }
}

/**
 * Every YAML problem of a parsed document: its first syntax error alone (the parser's later ones
 * mostly follow from it, on lines with nothing wrong), or its duplicate keys, characters that are
 * never text, and anchors, aliases and tags.
 */
function documentProblems(doc: Document.Parsed, text: string, file: string, at: (offset: number) => SourceLocation): Problem[] {
  const syntax = doc.errors.find((error) => error.code !== 'DUPLICATE_KEY')
  if (syntax) {
    const { offset, what, fix } = explainYamlError(text, syntax)
    return [problem('YamlSyntax', { file, ...at(offset), field: '' }, what, fix)]
  }
  const problems: Problem[] = doc.errors.map((error) => {
    const key =
      /^[^:\n]+/
        .exec(text.slice(error.pos[0]))?.[0]
        .trim()
        .replace(/^["']|["']$/g, '') || '?'
    return problem('DuplicateKey', { file, ...at(error.pos[0]), field: key }, key)
  })

  // Characters that are never text, written as themselves: reported at their exact place, comments
  // included. Written as escapes they are found in the parsed values (rules/invalid-characters.ts).
  for (const match of text.matchAll(FORBIDDEN_CHARACTER))
    problems.push(problem('InvalidCharacter', { file, ...at(match.index), field: '' }, describeCharacter(match[0]), 'file'))
  // Anchors, aliases and tags are YAML machinery content never needs; an alias can also multiply
  // a file's size without bound, so none of it is expanded.
  if (!problems.some((p) => p.name === 'InvalidCharacter')) {
    visit(doc, (_key, node) => {
      if (!node || typeof node !== 'object') return
      const n = node as Node & { anchor?: string; tag?: string }
      const start = n.range?.[0] ?? 0
      // A node's range starts at its value; the anchor or tag written before it is what to point at.
      const before = (marker: string) => {
        let offset = Math.max(0, text.lastIndexOf(marker, start))
        while (offset > 0 && text[offset - 1] === marker[0]) offset-- // the first ! of !!binary
        return { file, ...at(offset), field: '' }
      }
      if (isAlias(node)) problems.push(problem('YamlReference', { file, ...at(start), field: '' }, `*${node.source}`))
      else if (n.anchor) problems.push(problem('YamlReference', before(`&${n.anchor}`), `&${n.anchor}`))
      else if (n.tag) problems.push(problem('YamlReference', before('!'), n.tag.replace(/^tag:yaml\.org,2002:/, '!!')))
    })
  }
  return problems
}

/** How many files were parsed with positions: a rule that asks for a place before it has a problem makes every file pay. */
export const positionParses = { count: 0 }

/** Parses a content file with `yaml`, keeping every node's place; reports every YAML problem. */
export function parseWithPositions(rawText: string, file: string): YamlSource {
  positionParses.count += 1
  const text = normalizeSource(rawText)
  const lineCounter = new LineCounter()
  const tokens = yamlTokens(text, lineCounter.addNewLine)
  const at = (offset: number): SourceLocation => {
    const { line, col } = lineCounter.linePos(offset)
    return { line, column: col }
  }
  // Too deep to build a tree of: reported where it gets too deep, and not read further.
  const tooDeep = tooDeepAt(tokens, MAX_YAML_NESTING)
  if (tooDeep !== undefined) {
    const place = at(tooDeep)
    return {
      file,
      data: undefined,
      problems: [problem('NestedTooDeep', { file, ...place, field: '' }, MAX_YAML_NESTING)],
      text,
      locate: () => place,
    }
  }
  const doc = composeDocument(tokens, text.length)
  const nodeStart = (node: Node | null | undefined): SourceLocation | undefined => (node?.range ? at(node.range[0]) : undefined)

  const problems = documentProblems(doc, text, file, at)
  let data: unknown = undefined
  // A key written twice keeps its last value (locate finds that one too); the file is checked on.
  if (problems.every((p) => p.name === 'DuplicateKey')) {
    if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) {
      problems.push(problem('EmptyFile', { file, line: 1, column: 1, field: '' }))
    } else {
      data = doc.toJS({ maxAliasCount: 50 })
    }
  }

  function locate(path: readonly PathSegment[], part: 'value' | 'key' = 'value'): SourceLocation {
    let node = doc.contents as Node | null
    let found = nodeStart(node) ?? { line: 1, column: 1 }
    for (let i = 0; i < path.length; i++) {
      const seg = path[i]
      const last = i === path.length - 1
      if (isMap(node)) {
        const pair = node.items.findLast((p) => (isScalar(p.key) ? p.key.value : p.key) === seg)
        if (!pair) break
        const keyLoc = nodeStart(pair.key as Node)
        if (last && part === 'key') return keyLoc ?? found
        node = pair.value as Node | null
        found = nodeStart(node) ?? keyLoc ?? found
      } else if (isSeq(node) && typeof seg === 'number') {
        const item = node.items[seg] as Node | undefined
        if (!item) break
        node = item
        found = nodeStart(item) ?? found
      } else {
        break
      }
    }
    return found
  }

  return { file, data, problems, text, locate }
}

/** Every string in parsed data, with the path that leads to it. */
export function textLeaves(value: unknown, path: PathSegment[] = []): { path: PathSegment[]; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }]
  if (Array.isArray(value)) return value.flatMap((v, i) => textLeaves(v, [...path, i]))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => textLeaves(v, [...path, k]))
  return []
}

/** Replaces the value at `path` inside parsed data. */
export function setAt(target: unknown, path: readonly PathSegment[], value: unknown) {
  let node = target as Record<string | number, unknown>
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<string | number, unknown>
  node[path[path.length - 1]] = value
}
