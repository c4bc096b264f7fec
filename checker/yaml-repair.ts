/**
 * The one re-indented line that makes a file read again, for when an indentation error's explanation
 * is wrong about which line moved: each line near the parser's stop is tried at each indent its
 * neighbours use, lined up with a line of its own kind (an item with an item, a field with a field).
 */
import { parseDocument } from 'yaml'
import { contentLine, isItem, lineAt, type Line } from './yaml-lines.ts'

/** Lines tried above and below the parser's stop: a moved line is seldom further from it. */
const LINES_ABOVE = 4
const LINES_BELOW = 2
/** Lines whose indents are tried, on each side of the line moved. */
const INDENT_WINDOW = 15

/** Whether `text` reads as YAML with no error (a key written twice is one). */
export const reads = (text: string) => parseDocument(text).errors.length === 0

const reindented = (text: string, line: Line, indent: number) =>
  text.slice(0, line.start) + ' '.repeat(indent) + line.text.trimStart() + text.slice(line.end)

/** The content lines from `count` lines before `line` to `count` after it, in file order. */
function around(text: string, line: Line, before: number, after: number): Line[] {
  const lines = [line]
  for (let at: Line | undefined = line, n = 0; n < before && (at = contentLine(text, at, -1)); n++) lines.unshift(at)
  for (let at: Line | undefined = line, n = 0; n < after && (at = contentLine(text, at, 1)); n++) lines.push(at)
  return lines
}

/** The nearest line of the same kind as `line` at `indent`, above it first: what it would line up with. */
function lineUpTarget(neighbours: readonly Line[], line: Line, indent: number): Line | undefined {
  const alike = neighbours.filter((n) => n.number !== line.number && n.indent === indent && isItem(n) === isItem(line))
  const above = alike.filter((n) => n.number < line.number).pop()
  return above ?? alike.find((n) => n.number > line.number)
}

export interface IndentRepair {
  line: Line
  indent: number
  /** The line it then lines up with. */
  with: Line
}

/** Parses tried at most for one error: each reads the whole file again. */
const MAX_TRIES = 12

/**
 * The re-indentation of one line near `stop` that makes `text` read, or undefined when none does.
 * Candidates are ranked before any is parsed (nearest to the stop; a line whose own indent no line
 * of its kind shares is likelier the one moved), and the first that reads is the one given.
 */
export function indentRepair(text: string, stop: Line): IndentRepair | undefined {
  const candidates: (IndentRepair & { score: number })[] = []
  for (const line of around(text, stop, LINES_ABOVE, LINES_BELOW)) {
    const neighbours = around(text, line, INDENT_WINDOW, INDENT_WINDOW)
    const lonely = !neighbours.some((n) => n.number !== line.number && n.indent === line.indent && isItem(n) === isItem(line))
    for (const indent of new Set(neighbours.map((n) => n.indent))) {
      const target = indent === line.indent ? undefined : lineUpTarget(neighbours, line, indent)
      if (!target) continue
      const score = Math.abs(line.number - stop.number) + (lonely ? 0 : 3) + Math.abs(target.number - line.number) / 100
      candidates.push({ line, indent, with: target, score })
    }
  }
  const found = candidates
    .sort((a, b) => a.score - b.score)
    .slice(0, MAX_TRIES)
    .find(({ line, indent }) => reads(reindented(text, line, indent)))
  return found && { line: found.line, indent: found.indent, with: found.with }
}

/** Whether indenting the line at `offset` by `indent` spaces makes `text` read. */
export const fixReads = (text: string, offset: number, indent: number) => reads(reindented(text, lineAt(text, offset), indent))
