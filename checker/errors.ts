/**
 * The catalogue of content errors: what happened (message) and what to do next (hint). Names are
 * permanent: tests, docs and editors' habits depend on them. The steps before any rule (reading a
 * file, its YAML, its terms, the checker itself) keep their entries here; each rule keeps its own.
 */
import { closest } from './closest.ts'

export interface Explained {
  message: string
  hint?: string
}

/** A catalogue entry: a problem's message and hint, from what the reporter passes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry has arguments of its own
type Explain = (...args: any[]) => Explained

export type Messages = Record<string, Explain>

/** What a field holds, for a hint that says how to write it: text, a number, a list, fields of its own, or one of some words. */
export type FieldShape = 'text' | 'number' | 'list' | { fields: readonly string[] } | { oneOf: readonly string[] }

/** What follows a field's name when it holds a value of this shape, as an editor types it. */
function valueOfShape(shape?: FieldShape): string {
  if (shape === 'text') return 'the text'
  if (shape === 'number') return 'the number'
  if (shape === 'list') return 'its items on the lines below, each starting with "- ", two spaces further in'
  if (shape && 'oneOf' in shape) return `one of ${shape.oneOf.join(', ')}`
  if (shape && shape.fields.length > 0) return `its fields (${shape.fields.join(', ')}) on the lines below, two spaces further in`
  return 'its value'
}

export const stepErrors = {
  YamlSyntax: (what: string, fix?: string): Explained => ({
    message: fix ? what : `YAML syntax: ${what}`,
    hint: fix ?? 'Check the indentation (two spaces per level, no tabs) and put text that contains ": " in double quotes.',
  }),
  DuplicateKey: (key: string): Explained => ({
    message: `'${key}' is written twice; only one can stay`,
    hint: 'Delete one of the two, or merge them.',
  }),
  EmptyFile: (): Explained => ({
    message: 'the file is empty',
    hint: 'Copy an existing page as a starting point, or delete the file.',
  }),
  MissingField: (key: string, description?: string, shape?: FieldShape, within?: string): Explained => ({
    message: `'${key}' is required but missing`,
    hint: `Add a line "${key}:" ${within ? `indented like the other fields of ${within}` : 'with no indentation'}, followed by ${valueOfShape(shape)}.${description ? ` ${description}` : ''}`,
  }),
  UnsafeSvg: (what: string): Explained => ({
    message: `this SVG ${what}; opened on its own, it could run script or load another file on the site's address`,
    hint: 'Export the drawing again as a plain SVG (no scripts, links or interactivity; embed bitmaps, outline fonts), or remove the part named here.',
  }),
  InvalidCharacter: (what: string, place: 'file' | 'text' | 'field name'): Explained => ({
    message: `the ${place} holds ${what}, which is not text`,
    hint:
      place === 'file'
        ? 'Delete it and type the text again; it usually comes from copying out of a PDF, a spreadsheet or a chat app.'
        : 'Delete it. Written as an escape in double quotes (such as \\0, \\r, \\N, \\L, \\uFEFF or \\u202E) it still reaches the page, invisible or broken; type the text again.',
  }),
  InvalidEncoding: (): Explained => ({
    message: 'the file is not valid UTF-8 text',
    hint: 'Save it again as UTF-8 (in most editors: "Save with encoding" → UTF-8), or retype the characters around this place.',
  }),
  FileTooLarge: (size: number, max: number): Explained => ({
    message: `the file is ${Math.ceil(size / 1024)} KB; at most ${max / 1024} KB is allowed`,
    hint: 'A page this long would load slowly; split it into two pages or shorten it.',
  }),
  NestedTooDeep: (max: number): Explained => ({
    message: `lists and fields are nested more than ${max} levels deep here`,
    hint: 'A page needs a few levels at most: close each [ with ] and each { with } where its value ends, or indent this line like the fields it belongs with.',
  }),
  YamlReference: (what: string): Explained => ({
    message: `'${what}' is YAML machinery (an anchor, alias or tag), which content does not use`,
    hint: 'Write the text out in full where it is needed, and remove the &name, *name or !tag.',
  }),
  CheckFailed: (detail: string): Explained => ({
    message: `the check could not read this file: ${detail}`,
    hint: 'This is a fault of the checker, not of your text. Report it with this file; the other files were checked.',
  }),
  UnknownTerm: (written: string, known: readonly string[]): Explained => {
    const named = /^\{\{\s*(?:terms\s*\.\s*)?([^{}]*?)\s*\}\}$/.exec(written)?.[1]
    const likely = named === undefined ? undefined : closest(named, known)
    return {
      message: `${written} is not one of the contract terms in content/site.yaml`,
      hint: likely
        ? `Did you mean {{terms.${likely}}}? Write it exactly like that; new terms are added to site.yaml by legal.`
        : `Write one of ${known.map((k) => `{{terms.${k}}}`).join(', ')}, exactly like that; new terms are added to site.yaml by legal.`,
    }
  },
  MalformedTerm: (written: string, known: readonly string[]): Explained => ({
    message: `${written} is not a placeholder the check can fill in; visitors would see it as written`,
    hint: `Write a contract term exactly as {{terms.name}}, two braces on each side and nothing else around them: ${known.map((k) => `{{terms.${k}}}`).join(', ')}.`,
  }),
  ExpandedTooLarge: (bytes: number, max: number, insertions: number, mostIn: string): Explained => ({
    message: `with its ${insertions.toLocaleString('en-US')} inserted terms the file's text is ${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB; at most ${max / 1024} KB is allowed (most insertions are in ${mostIn})`,
    hint: 'Insert each term once, where a reader needs it: every {{terms.name}} brings the whole wording, so many of them make a page too heavy to load.',
  }),
} as const

/** Where a problem is: the file, line and column of a field, and the field's path. */
export interface Place {
  file: string
  line: number
  column: number
  field: string
}

/** One problem found in the content, located at the exact YAML node it concerns. */
export interface Problem {
  /** Its catalogue name. */
  name: string
  /** Path relative to the project root, with forward slashes. */
  file: string
  line: number
  column: number
  /** Field path inside the file, e.g. services[3].title; empty for the whole file. */
  field: string
  message: string
  hint?: string
  /** Only a warning: the page still works, but likely not as the editor meant. It stops neither the check nor the build. */
  warning?: true
}

/**
 * A field path as an editor reads it, each list position counted from 1 as the form and the preview
 * count them: `faqs[8].answer` is shown as "faqs 9 › answer". `Problem.field` stays the data path.
 */
export const shownField = (field: string) =>
  field.replace(/\[(\d+)\]/g, (_, n: string) => ` ${Number(n) + 1}`).replace(/\./g, ' › ')

/** Every character a terminal, an editor or GitHub may start a new line at. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g

/**
 * A problem's words on one line, as the report prints them (`file:line:column  field  message`,
 * then the hint): a line break in the text, field name or file name a message quotes shows as ↵.
 */
const oneLine = (text: string) => text.replace(LINE_BREAK, '↵')

/**
 * Makes the problems of one catalogue, each message and hint from its entry, each on one line; the
 * names in `warnings` only warn. The report lists warnings after the errors.
 */
export function reporter<M extends Messages>(messages: M, warnings: readonly (keyof M)[] = []) {
  return <N extends keyof M & string>(name: N, at: Place, ...args: Parameters<M[N]>): Problem => {
    const { message, hint } = messages[name](...args)
    return {
      name,
      ...at,
      file: oneLine(at.file),
      field: oneLine(at.field),
      message: oneLine(message),
      ...(hint ? { hint: oneLine(hint) } : {}),
      ...(warnings.includes(name) ? { warning: true as const } : {}),
    }
  }
}

export const problem = reporter(stepErrors)

export const isWarning = (found: Problem) => found.warning === true

/** The problems that stop the check and the build: all but the warnings. */
export const errorsAmong = <P extends Problem>(found: readonly P[]): P[] => found.filter((p) => !isWarning(p))

/** An error explained for the editors' guide: what it means in their words, and a typical case's arguments. */
export interface ErrorDoc<E extends Explain = Explain> {
  means: string
  example: Parameters<E>
}
