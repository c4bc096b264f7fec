import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml'
import { problem, type Problem } from './errors.ts'

export type PathSegment = string | number
export interface SourceLocation {
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
export function normalizeSource(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
}

/** Field path as editors read it: services[3].title */
export function formatFieldPath(path: readonly PathSegment[]): string {
  return path.reduce<string>(
    (out, seg) => (typeof seg === 'number' ? `${out}[${seg}]` : out ? `${out}.${seg}` : seg),
    '',
  )
}

function keyOf(node: unknown): unknown {
  return isScalar(node) ? node.value : node
}

export function parseYamlSource(rawText: string, file: string): YamlSource {
  const text = normalizeSource(rawText)
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false })
  const at = (offset: number): SourceLocation => {
    const { line, col } = lineCounter.linePos(offset)
    return { line, column: col }
  }
  const nodeStart = (node: Node | null | undefined): SourceLocation | undefined =>
    node?.range ? at(node.range[0]) : undefined

  const problems: Problem[] = []
  for (const error of doc.errors) {
    const start = at(error.pos[0])
    const where = { file, ...start, field: '' }
    if (error.code === 'DUPLICATE_KEY') {
      const key = /^[^:\n]+/.exec(text.slice(error.pos[0]))?.[0].trim().replace(/^["']|["']$/g, '') || '?'
      problems.push(problem('DuplicateKey', { ...where, field: key }, key))
    } else {
      problems.push(problem('YamlSyntax', where, error.message.split('\n')[0].replace(/ at line \d+, column \d+.*$/, '')))
    }
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
