import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Node } from 'yaml'
import { problem, type Problem } from './errors.ts'

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

function keyOf(node: unknown): unknown {
  return isScalar(node) ? node.value : node
}

/** C0 controls but tab and line feed, DEL, C1 controls, lone surrogates, and a byte-order mark past the start. */
const UNSAFE_CHARACTERS =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

export function parseYamlSource(rawText: string, file: string): YamlSource {
  const text = normalizeSource(rawText)
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false })
  const at = (offset: number): SourceLocation => {
    const { line, col } = lineCounter.linePos(offset)
    return { line, column: col }
  }
  const nodeStart = (node: Node | null | undefined): SourceLocation | undefined => (node?.range ? at(node.range[0]) : undefined)

  const problems: Problem[] = []
  for (const error of doc.errors) {
    const start = at(error.pos[0])
    const where = { file, ...start, field: '' }
    if (error.code === 'DUPLICATE_KEY') {
      const key =
        /^[^:\n]+/
          .exec(text.slice(error.pos[0]))?.[0]
          .trim()
          .replace(/^["']|["']$/g, '') || '?'
      problems.push(problem('DuplicateKey', { ...where, field: key }, key))
    } else {
      problems.push(problem('YamlSyntax', where, error.message.split('\n')[0].replace(/ at line \d+, column \d+.*$/, '')))
    }
  }

  // Characters that are never text: they break hydration (lone surrogates) or hide in the file.
  for (const match of text.matchAll(UNSAFE_CHARACTERS)) {
    const char = match[0]
    const name =
      char === '\uFEFF'
        ? 'a byte-order mark'
        : `the character U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
    problems.push(problem('InvalidCharacter', { file, ...at(match.index), field: '' }, name))
  }
  // Anchors, aliases and tags are YAML machinery content never needs; an alias can also multiply
  // a file's size without bound, so none of it is expanded.
  if (problems.length === 0) {
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

  let data: unknown = undefined
  if (problems.length === 0) {
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
        const pair = node.items.find((p) => keyOf(p.key) === seg)
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

  return { file, data, problems, locate }
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
