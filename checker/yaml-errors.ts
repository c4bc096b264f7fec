/**
 * The YAML parser's errors in an editor's words: what happened, the exact fix, and the place to make
 * it, which is not always where the parser noticed (a quote left open is noticed at the end of the
 * file, a line indented too far at the field above it).
 */

import { contentLine, isItem, itemAbove, lineAt, lineUpReference, lineUpWith, parentOf, spaces, type Line } from './yaml-lines.ts'
import { fixReads, indentRepair, reads } from './yaml-repair.ts'

/** A parser error as `yaml` reports it. */
interface ParserError {
  code: string
  message: string
  pos: readonly [number, number]
}

/** A parser error explained: the offset of the place to fix, what happened, and what to do (unless only the parser's words are known). */
interface ExplainedYamlError {
  offset: number
  what: string
  fix?: string
  /** The fix re-indents a line: it is tried before it is given (yaml-repair.ts). */
  indentation?: true
  /** The text with the fix made, where it is not an indent: tried as the indent is. */
  fixed?: (text: string) => string
}

const inDoubleQuotes = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
/** A line as it should be written, its value replaced; a long value shortened in the middle. */
function written(line: Line, value: string): string {
  const shown = value.length > 100 ? `${value.slice(0, 60)} … ${value.slice(-30)}` : value
  return `${line.key ? `${line.key}: ` : ''}${shown}`
}

/** The offset of the quote that opens the quoted text ending just before `before`. */
function openingQuote(text: string, quote: string, before: number): number {
  for (let i = before - 1; i >= 0; i--) {
    if (text[i] !== quote) continue
    if (quote === "'" && text[i - 1] === "'") {
      i--
      continue
    }
    let backslashes = 0
    while (quote === '"' && text[i - 1 - backslashes] === '\\') backslashes++
    if (backslashes % 2 === 0) return i
  }
  return before
}

function colonInValue(line: Line): ExplainedYamlError {
  const quoted = /^["']/.test(line.value)
  return {
    offset: line.valueOffset,
    what: `this value contains ": ", which YAML reads as the start of another field`,
    fix: quoted
      ? 'Put the whole value in double quotes, and write each " inside it as \\".'
      : `Put the whole value in double quotes: ${written(line, inDoubleQuotes(line.value))}`,
  }
}

function indentedMore(line: Line, above: Line): ExplainedYamlError {
  const name = above.key ? `"${above.key}"` : 'the line'
  if (isItem(line) && above.value !== '')
    return {
      offset: line.start + line.indent,
      what: `${name} above already has its value on its own line, so it cannot also hold this list item`,
      fix: `Remove the value after ${above.key ? `"${above.key}:"` : 'the colon'} on line ${above.number} to make the list its value, or line this item up with the items of its own list.`,
      indentation: true,
    }
  return {
    offset: line.start + line.indent,
    what: `this line is indented more than ${name} above it, so YAML reads it as part of that value`,
    fix: lineUpWith(above),
    indentation: true,
  }
}

/** A line at the place of the list items around it that does not start with "- ". */
function listItemWithoutDash(text: string, line: Line): ExplainedYamlError | undefined {
  // A field name alone on its line holds what is below it: a field, not a list item.
  if (line.text.trimStart().startsWith('-') || (line.key !== undefined && line.value === '')) return undefined
  const sibling = (step: -1 | 1) => {
    let next = contentLine(text, line, step)
    while (next && next.indent > line.indent) next = contentLine(text, next, step)
    return next?.indent === line.indent && isItem(next) ? next : undefined
  }
  const before = sibling(-1)
  const after = before ? undefined : sibling(1)
  if (!before && !after) return undefined
  const lineUp = lineUpWith(contentLine(text, line, -1)).replace(/^./, (c) => c.toLowerCase())
  const at = line.start + line.indent
  return {
    offset: at,
    indentation: true,
    fixed: (text) => `${text.slice(0, at)}- ${text.slice(at)}`,
    what: 'a list item starts with "- ", and this line, where the items of the list start, does not',
    fix: before
      ? `Start it with "- " if it is a new item of the list. If it belongs to the item above, ${lineUp}`
      : `Start it with "- ", like the item on line ${after!.number}.`,
  }
}

/** A list item written "-text": the hyphen without its space. */
function dashWithoutSpace(line: Line): ExplainedYamlError | undefined {
  if (!/^-[^\s-]/.test(line.text.slice(line.indent))) return undefined
  return {
    offset: line.start + line.indent,
    what: 'a list item starts with "- ", a hyphen and then a space',
    fix: `Put a space after the hyphen: ${line.text.trim().replace(/^-/, '- ')}`,
  }
}

/** A line that is not a field, read as one: no space after the colon, no colon, or "-" without a space. */
function notAField(text: string, line: Line): ExplainedYamlError {
  const at = line.start + line.indent
  const colon = /^(?:-\s+)?[^\s"'#:][^:]*:(?=[^\s:])/.exec(line.text.slice(line.indent))
  if (colon)
    return {
      offset: at + colon[0].length - 1,
      what: 'there is no space after the colon, so YAML does not see a field here',
      fix: `Put a space after the colon: ${line.text.trim().replace(/:(?=\S)/, ': ')}`,
    }
  const explained = dashWithoutSpace(line) ?? listItemWithoutDash(text, line)
  if (explained) return explained
  const above = contentLine(text, line, -1)
  if (above && /^[|>][-+0-9]*$/.test(above.value))
    return {
      offset: at,
      what: `the lines of a text that starts with ${above.value[0]} must be indented more than its field`,
      fix: `Indent each line of the text by ${spaces(above.keyColumn + 2)}, two more than "${above.key ?? 'the field'}" on line ${above.number}.`,
    }
  return {
    offset: at,
    what: 'this line is not a field ("name: value"), and it is not indented as part of the value above it',
    fix: 'If it is a field, write a colon and a space after its name. If it continues the text above, put that whole text on one line, or indent this line two spaces more than the field it belongs to.',
  }
}

/**
 * A line indented out of step above one indented in step: by an odd number of spaces, or, among
 * the fields (or items) of one parent, other than two spaces under it as `lower` is.
 */
function indentMoved(text: string, upper: Line, lower: Line): ExplainedYamlError | undefined {
  const odd = upper.indent % 2 === 1 && lower.indent % 2 === 0
  const parent = parentOf(text, lower)
  const outOfStep =
    parent !== undefined &&
    isItem(upper) === isItem(lower) &&
    upper.indent !== lower.indent &&
    lower.indent === parent.keyColumn + 2 &&
    parentOf(text, upper)?.number === parent.number
  if (!odd && !outOfStep) return undefined
  // A list item's "-" stands two spaces before its fields.
  const expected = isItem(upper) && !isItem(lower) && lower.indent > upper.indent ? lower.indent - 2 : lower.indent
  return { ...indentedOutOfStep(upper, expected, lower), indentation: true }
}

/** `line` out of step with its neighbours: to be indented by `indent` spaces, in line with `reference`. */
function indentedOutOfStep(line: Line, indent: number, reference: Line): ExplainedYamlError {
  return {
    offset: line.start + line.indent,
    what: `this line is indented by ${spaces(line.indent)}, out of step with the lines around it (two spaces per level)`,
    fix: `${indent === 0 ? 'Start it at the very beginning of the line' : `Indent it by ${spaces(indent)}`}, in line with line ${reference.number}.`,
  }
}

/**
 * The line above the one the parser stopped at, when that is what moved: a list item that lost its
 * "- " or the space after it, or a line indented out of step.
 */
const culpritAbove = (text: string, upper: Line, lower: Line) =>
  dashWithoutSpace(upper) ?? listItemWithoutDash(text, upper) ?? indentMoved(text, upper, lower)

function indentedDifferently(text: string, line: Line): ExplainedYamlError {
  const explained = dashWithoutSpace(line) ?? listItemWithoutDash(text, line)
  if (explained) return explained
  const above = contentLine(text, line, -1)
  const culprit = above && culpritAbove(text, above, line)
  if (culprit) return culprit
  if (above && line.indent > above.keyColumn && above.value !== '') return indentedMore(line, above)
  const item = isItem(line) ? itemAbove(text, line) : undefined
  if (item)
    return {
      offset: line.start + line.indent,
      what: 'this list item is indented differently from the items above it',
      fix: `Line up its "-" with the one on line ${item.number}: ${item.indent === 0 ? 'at the very beginning of the line' : `indent it by ${spaces(item.indent)}`}.`,
      indentation: true,
    }
  return {
    offset: line.start + line.indent,
    what: 'this line is indented differently from the lines around it',
    fix: lineUpWith(lineUpReference(text, line)),
    indentation: true,
  }
}

function unclosedQuote(text: string, error: ParserError): ExplainedYamlError {
  const quote = error.message.includes("'quote") ? "'" : '"'
  const offset = openingQuote(text, quote, error.pos[0])
  return {
    offset,
    what: `the text that starts with ${quote} here is never closed, so YAML reads the rest of the file as part of it`,
    fix:
      quote === '"'
        ? 'Add a " where the text ends. Write a " inside the text as \\", or put the whole text in single quotes.'
        : "Add a ' where the text ends. Write a ' inside the text as two: ''.",
  }
}

/** What a value's first character means to YAML when it is not in quotes. */
const SPECIAL_START: Record<string, string> = {
  '[': 'starts a list',
  '{': 'starts a group of fields',
  '*': 'refers to other text',
  '&': 'names this text',
  '!': 'names a type',
  '|': 'starts text on the lines below',
  '>': 'starts text on the lines below',
  '@': 'is reserved',
  '`': 'is reserved',
  '%': 'starts a directive',
}

function specialStart(line: Line): ExplainedYamlError | undefined {
  const first = line.value[0]
  if (!first || !(first in SPECIAL_START)) return undefined
  return {
    offset: line.valueOffset,
    what: `a value that starts with ${first} must be in quotes: unquoted, ${first} ${SPECIAL_START[first]}`,
    fix: `Put the whole value in double quotes: ${written(line, inDoubleQuotes(line.value))}`,
  }
}

/** Text after a closing quote: a quote inside the text, or a quote left open on a line above. */
function textAfterQuote(text: string, error: ParserError): ExplainedYamlError | undefined {
  const closing = text.slice(0, error.pos[0]).trimEnd().length - 1
  const quote = text[closing]
  if (quote !== '"' && quote !== "'") return undefined
  const opening = openingQuote(text, quote, closing)
  const opened = lineAt(text, opening)
  if (opened.end < closing)
    return {
      offset: opening,
      what: `the text that starts with ${quote} here is not closed on its line; YAML closes it at the ${quote} on line ${lineAt(text, closing).number}`,
      fix: `Add a ${quote} where the text ends, on this line.`,
    }
  const whole = text.slice(opening, opened.end).trim()
  const inner = whole.endsWith(quote) ? whole.slice(1, -1) : whole
  return {
    offset: opening,
    what: `the text in quotes ends at its second ${quote}, and more text follows it`,
    fix:
      quote === '"'
        ? `Write each " inside the text as \\", or put the whole text in single quotes: ${written(opened, `'${inner.replace(/'/g, "''")}'`)}`
        : `Write each ' inside the text as two (''), or put the whole text in double quotes: ${written(opened, inDoubleQuotes(inner))}`,
  }
}

function documentMarker(text: string, line: Line): ExplainedYamlError {
  let marker: Line | undefined = line
  while (marker && !/^(---|\.\.\.)(\s|$)/.test(marker.text))
    marker = marker.start > 0 ? lineAt(text, marker.start - 1) : undefined
  const at = marker ?? line
  return {
    offset: at.start,
    what: `a line "${at.text.trim().slice(0, 3)}" ends the page here; YAML would read what follows as another file`,
    fix: 'Remove this line. If it is meant as text, put it after its field name in double quotes.',
  }
}

function unclosedBracket(text: string, error: ParserError): ExplainedYamlError {
  const [open, close, what] = error.message.startsWith('Flow map') ? ['{', '}', 'group'] : ['[', ']', 'list']
  const offset = Math.max(0, text.lastIndexOf(open, error.pos[0]))
  return {
    offset,
    what: `the ${what} opened with ${open} here is not closed with ${close} on its line`,
    fix: `End it with ${close} on the same line. If the ${open} is part of the text, put the whole value in double quotes.`,
  }
}

/** The explanation of an error on a line that is not indented with a tab, by the parser's code. */
function byCode(text: string, error: ParserError, line: Line): ExplainedYamlError | undefined {
  switch (error.code) {
    case 'BLOCK_AS_IMPLICIT_KEY': {
      if (error.message.startsWith('Nested mappings')) {
        if (/:(\s|$)/.test(line.value)) return colonInValue(line)
        const below = contentLine(text, line, 1)
        if (below && below.indent > line.keyColumn) return culpritAbove(text, line, below) ?? indentedMore(below, line)
      }
      return indentedDifferently(text, line)
    }
    case 'MULTILINE_IMPLICIT_KEY':
    case 'KEY_OVER_1024_CHARS':
      return notAField(text, line)
    case 'MISSING_CHAR':
      if (/Missing closing ["']quote/.test(error.message)) return unclosedQuote(text, error)
      if (error.message.startsWith('Sequence item without')) return indentedDifferently(text, line)
      return notAField(text, line)
    case 'BAD_INDENT':
      if (/^Flow (sequence|map) in block collection/.test(error.message)) return unclosedBracket(text, error)
      if (error.message.startsWith('Block scalar'))
        return {
          offset: line.start,
          what: 'the lines of a text that starts with | or > must be indented more than its field',
          fix: 'Indent each line of the text two spaces more than the field name above it.',
        }
      return indentedDifferently(text, line)
    case 'UNEXPECTED_TOKEN':
      return textAfterQuote(text, error) ?? specialStart(line)
    case 'BAD_SCALAR_START':
    case 'BAD_ALIAS':
      return specialStart(line)
    case 'MULTIPLE_DOCS':
      return documentMarker(text, line)
    case 'BAD_DQ_ESCAPE':
      return {
        offset: error.pos[0],
        what: `inside double quotes a backslash starts an escape code, and ${text.slice(error.pos[0], error.pos[0] + 2)} is not one`,
        fix: 'Write a backslash as \\\\, or put the text in single quotes instead of double quotes.',
      }
  }
  return undefined
}

/** The indent a fix asks for ("Indent it by 6 spaces", "at the very beginning of the line"), if it names one. */
function indentOfFix(fix: string | undefined): number | undefined {
  const spacesAsked = /[Ii]ndent it by (\d+) spaces?/.exec(fix ?? '')
  if (spacesAsked) return Number(spacesAsked[1])
  return /very beginning of the line/.test(fix ?? '') ? 0 : undefined
}

/**
 * An indentation explanation whose fix is tried first: kept when it makes the file read, else the
 * one re-indented line that does (yaml-repair.ts), else kept as it is.
 */
function triedIndentFix(text: string, explained: ExplainedYamlError, stop: Line): ExplainedYamlError {
  const asked = indentOfFix(explained.fix)
  if (asked !== undefined && fixReads(text, explained.offset, asked)) return explained
  if (explained.fixed && reads(explained.fixed(text))) return explained
  const repair = indentRepair(text, stop)
  return repair ? indentedOutOfStep(repair.line, repair.indent, repair.with) : explained
}

/** A parser error explained at the place an editor must fix; a message none of these know keeps the parser's words, and no fix. */
export function explainYamlError(text: string, error: ParserError): ExplainedYamlError {
  const line = lineAt(text, error.pos[0])
  if (/^ *\t/.test(line.text))
    return {
      offset: line.start + line.text.indexOf('\t'),
      what: 'a tab is used for indenting this line; YAML allows only spaces',
      fix: 'Replace the tab with spaces: two spaces per level, lined up with the lines around it.',
    }
  const explained = byCode(text, error, line) ?? {
    offset: error.pos[0],
    what: error.message.split('\n')[0].replace(/ at line \d+, column \d+.*$/, ''),
  }
  return explained.indentation ? triedIndentFix(text, explained, line) : explained
}
