/**
 * The lines of a YAML file as an editor writes them, and how they line up: what the explanations
 * of YAML errors (yaml-errors.ts) read to point at the line to fix.
 */

/** One line of the file as an editor writes it: indentation, a list item's "- ", a field name and its colon, the value. */
export interface Line {
  start: number
  end: number
  /** From 1. */
  number: number
  text: string
  indent: number
  /** Where the field name starts (after indentation and "- "), counted from the line's start. */
  keyColumn: number
  key?: string
  value: string
  valueOffset: number
}

/** Indentation, a list item's "- ", and a field name (plain or quoted) with the colon and spaces after it. */
const FIELD_LINE = /^([ \t]*)(-[ \t]+)?(?:((?:"[^"\n]*"|'[^'\n]*'|[^\s"'#][^:#\n]*?)[ \t]*):(?:[ \t]+|$))?/

/** The line that holds the character at `offset`. */
export function lineAt(text: string, offset: number): Line {
  const start = offset <= 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1
  const newline = text.indexOf('\n', start)
  const end = newline < 0 ? text.length : newline
  const line = text.slice(start, end)
  const [head, indent, dash = '', key] = FIELD_LINE.exec(line)!
  return {
    start,
    end,
    number: text.slice(0, start).split('\n').length,
    text: line,
    indent: indent.length,
    keyColumn: indent.length + dash.length,
    key: key?.trim(),
    value: line.slice(head.length).trim(),
    valueOffset: start + head.length,
  }
}

/** Whether a line is a list item: "- " before its field name or text. */
export const isItem = (line: Line) => line.keyColumn > line.indent
const isContent = (line: Line) => line.text.trim() !== '' && !line.text.trimStart().startsWith('#')

/** The nearest line before (step -1) or after (step 1) `line` that holds more than a comment. */
export function contentLine(text: string, line: Line, step: -1 | 1): Line | undefined {
  let next = line
  for (;;) {
    if (step < 0 ? next.start === 0 : next.end >= text.length) return undefined
    next = lineAt(text, step < 0 ? next.start - 1 : next.end + 1)
    if (isContent(next)) return next
  }
}

export const spaces = (n: number) => (n === 1 ? '1 space' : `${n} spaces`)

/** How to indent a line so it lines up with `above`: its field name, or its text after "- ". */
export function lineUpWith(above: Line | undefined): string {
  if (!above) return 'Line it up with the lines around it: two spaces per level.'
  const name = above.key ? `"${above.key}"` : above.keyColumn > above.indent ? 'the text after "- "' : 'the text'
  const how = above.keyColumn === 0 ? 'Start it at the very beginning of the line' : `Indent it by ${spaces(above.keyColumn)}`
  return `${how}, like ${name} on line ${above.number}.`
}

/** The nearest list item above `line` at about its indentation. */
export function itemAbove(text: string, line: Line): Line | undefined {
  for (let above = contentLine(text, line, -1); above; above = contentLine(text, above, -1)) {
    if (isItem(above) && Math.abs(above.indent - line.indent) <= 2) return above
    if (above.indent < line.indent - 2) return undefined
  }
  return undefined
}

/** The field a line belongs to: the nearest line above whose field name starts left of it. */
export function parentOf(text: string, line: Line): Line | undefined {
  let above = contentLine(text, line, -1)
  // A list item holds the fields written under its "- ".
  while (above && above.keyColumn >= line.indent && !(isItem(above) && above.indent < line.indent))
    above = contentLine(text, above, -1)
  return above
}

/**
 * The line a mis-indented line should line up with: the nearest line above it that is not deeper;
 * inside a list item, that item's field; at the place of a list's items, the list's own field; under
 * a field name alone on its line, the first line it holds.
 */
export function lineUpReference(text: string, line: Line): Line | undefined {
  const above = contentLine(text, line, -1)
  let level = above
  while (level && level.indent > line.indent) level = contentLine(text, level, -1)
  if (!level) return above
  if (isItem(level)) return line.indent > level.indent ? level : parentOf(text, level)
  if (level.indent < line.indent && level.value === '') return contentLine(text, level, 1)
  return level
}
