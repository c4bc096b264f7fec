/**
 * The catalogue of content errors. Names are permanent: tests, docs and editors' habits depend on
 * them. Each entry says what happened (message) and what to do next (hint).
 */
interface Explained {
  message: string
  hint?: string
}

export const contentErrors = {
  YamlSyntax: (detail: string): Explained => ({
    message: `YAML syntax: ${detail}`,
    hint: 'Check the indentation (two spaces per level, no tabs) and put text that contains ": " in double quotes.',
  }),
  DuplicateKey: (key: string): Explained => ({
    message: `'${key}' is written twice; only one can stay`,
    hint: 'Delete one of the two, or merge them.',
  }),
  EmptyFile: (): Explained => ({
    message: 'the file is empty',
    hint: 'Copy an existing page as a starting point, or delete the file.',
  }),
  UnknownKey: (key: string, suggestion?: string): Explained => ({
    message: `'${key}' is not a known field`,
    hint: suggestion ? `did you mean ${suggestion}?` : 'Remove it, or check the spelling against the schema.',
  }),
  MissingField: (key: string, description?: string): Explained => ({
    message: `'${key}' is required but missing`,
    hint: description,
  }),
  WrongType: (expected: string, actual: string): Explained => ({
    message: `expected ${expected}, found ${actual}`,
    hint:
      expected !== 'text'
        ? undefined
        : actual === 'a group of fields'
          ? 'A colon followed by a space starts a field in YAML: put the whole text in double quotes.'
          : actual === 'a list'
            ? 'Write the text on the same line as the field name, not as a list item starting with "-".'
            : 'Put the value in double quotes if it looks like a number, a date or yes/no.',
  }),
  TooLong: (length: number, max: number, unit: string, description?: string): Explained => ({
    message: `is ${length} ${unit} long; at most ${max} allowed`,
    hint: description,
  }),
  TooShort: (length: number, min: number, unit: string, description?: string): Explained => ({
    message: `is ${length} ${unit} long; at least ${min} needed`,
    hint: description,
  }),
  InvalidValue: (value: string, allowed: string, suggestion?: string): Explained => ({
    message: `'${value}' is not allowed here; use one of: ${allowed}`,
    hint: suggestion ? `did you mean ${suggestion}?` : undefined,
  }),
  InvalidFormat: (value: string, description?: string): Explained => ({
    message: `'${value}' does not have the expected form`,
    hint: description,
  }),
  SchemaViolation: (detail: string): Explained => ({ message: detail }),
  DuplicatePath: (path: string, other: string): Explained => ({
    message: `the page address ${path} is already used by ${other}`,
    hint: 'Addresses must differ in more than letter case. Rename one of the files.',
  }),
  InvalidFileName: (name: string): Explained => ({
    message: `'${name}' cannot be a page address`,
    hint: 'Use letters, digits and single hyphens only, e.g. ai-consulting-denver.yaml.',
  }),
  FileNameMismatch: (field: string, value: string, expected: string): Explained => ({
    message: `${field} is '${value}' but the file is named '${expected}'`,
    hint: `Rename the file or set the field to '${expected}'.`,
  }),
  DuplicateId: (id: string, other: string): Explained => ({
    message: `id ${id} is already used by ${other}`,
    hint: 'Give every post its own number.',
  }),
  BrokenLink: (href: string, suggestion?: string): Explained => ({
    message: `links to ${href}, which is not a page of this site`,
    hint: suggestion ? `did you mean ${suggestion}?` : 'Check the address against the files in content/pages.',
  }),
  MissingImage: (src: string, suggestion?: string): Explained => ({
    message: `image ${src} does not exist`,
    hint: suggestion ? `did you mean ${suggestion}?` : 'Add the file under public/images, or fix the path.',
  }),
  UnsafeMarkup: (removed: string): Explained => ({
    message: `markup would be changed by the sanitizer: ${removed}`,
    hint: 'Only <b>, <strong>, <i>, <em>, <a href>, <br>, <p>, <ul>, <ol> and <li> are allowed; links must start with https://, http://, mailto:, tel: or /.',
  }),
  IllegalNesting: (detail: string): Explained => ({
    message: `markup nests illegally: ${detail}`,
    hint: 'A list or paragraph cannot sit inside a paragraph or a bold/link: make it a separate item of the list.',
  }),
  TooManySteps: (count: number): Explained => ({
    message: `our_steps and our_steps2 hold ${count} steps together; at most 6 allowed`,
    hint: 'Merge steps, or move some into the page text.',
  }),
  DuplicateParagraph: (other: string): Explained => ({
    message: `this paragraph is also used by ${other}`,
    hint: 'Each page needs its own copy: search engines rank repeated text lower. Rewrite one of them.',
  }),
  Placeholder: (text: string): Explained => ({
    message: `still holds placeholder text: "${text.length > 70 ? text.slice(0, 67) + '…' : text}"`,
    hint: 'Replace the whole value, including "TODO:", with the real copy; the placeholder says what belongs here.',
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
  YamlReference: (what: string): Explained => ({
    message: `'${what}' is YAML machinery (an anchor, alias or tag), which content does not use`,
    hint: 'Write the text out in full where it is needed, and remove the &name, *name or !tag.',
  }),
  CheckFailed: (detail: string): Explained => ({
    message: `the check could not read this file: ${detail}`,
    hint: 'This is a fault of the checker, not of your text. Report it with this file; the other files were checked.',
  }),
  UnknownTerm: (written: string, known: readonly string[]): Explained => ({
    message: `${written} is not one of the contract terms in content/site.yaml`,
    hint: `Write one of ${known.map((k) => `{{terms.${k}}}`).join(', ')}, exactly like that; new terms are added to site.yaml by legal.`,
  }),
  ClaimedTimeZone: (phrase: string, place: string, headquarters: string): Explained => ({
    message: `"${phrase}" claims ${place}'s time zone as ours, but the team works from ${headquarters}`,
    hint: `Say how the team works with ${place} instead: the hours that overlap, visits for kickoffs and workshops, 24/7 support for live systems.`,
  }),
  LocalOffice: (
    phrase: string,
    offices: readonly string[],
    namedBy?: { place: string; files: readonly string[] },
  ): Explained => ({
    message: namedBy
      ? `"${phrase}" reads as an office or team in ${namedBy.place}, a place named in the audience of ${namedBy.files.join(', ')}; the company's offices are: ${offices.join(', ')}`
      : `"${phrase}" reads as an office or team in that city; the company's offices are: ${offices.join(', ')}`,
    hint: namedBy
      ? `Say how the team works with ${namedBy.place} (visits, overlap hours), or add the office to facts.offices in content/site.yaml if it really exists. If ${namedBy.place} is not a place readers are in, remove it from audience.places in ${namedBy.files.join(', ')}.`
      : 'Say how the team works with that city (visits, overlap hours), or add the office to facts.offices in content/site.yaml if it really exists.',
  }),
  AudiencePlaceClaim: (place: string, phrase: string, elsewhere: string): Explained => ({
    message: `with ${place} among this page's places, "${phrase}" in ${elsewhere} reads as an office or team in ${place}, where the company has none`,
    hint: `A place any page's audience names counts as a city on every page. If ${place} is not a place this page's readers are in, remove it; if it is, the other page must say how the team works with ${place} instead (it is reported there too).`,
  }),
  UnnamedCurrency: (price: string, currency: string): Explained => ({
    message: `the price ${price} does not name its currency, and this page's readers use another one`,
    hint: `Write the currency with the amount, e.g. US$10,000 or 10,000 ${currency}.`,
  }),
  MalformedTerm: (written: string, known: readonly string[]): Explained => ({
    message: `${written} is not a placeholder the check can fill in; visitors would see it as written`,
    hint: `Write a contract term exactly as {{terms.name}}, two braces on each side and nothing else around them: ${known.map((k) => `{{terms.${k}}}`).join(', ')}.`,
  }),
  TermNotInserted: (written: string): Explained => ({
    message: `${written} is not filled in here; visitors would see it as written`,
    hint: 'Contract terms are inserted only into pages (content/pages) and blog posts (content/blogs). Write the words out in full here; a term in site.yaml cannot insert another term.',
  }),
  ExpandedTooLarge: (bytes: number, max: number, insertions: number, mostIn: string): Explained => ({
    message: `with its ${insertions.toLocaleString('en-US')} inserted terms the file's text is ${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB; at most ${max / 1024} KB is allowed (most insertions are in ${mostIn})`,
    hint: 'Insert each term once, where a reader needs it: every {{terms.name}} brings the whole wording, so many of them make a page too heavy to load.',
  }),
  TextTooLong: (length: number, max: number): Explained => ({
    message: `one run of text is ${length.toLocaleString('en-US')} characters long; at most ${max.toLocaleString('en-US')} allowed`,
    hint: `No paragraph needs more than ${max.toLocaleString('en-US')} characters: split it into several paragraphs or shorten it. A browser cuts text past 65,536 characters into pieces, and the page then fails to start.`,
  }),
  DocumentInPublic: (what: string): Explained => ({
    message: `this file ${what}; a browser would open it as a document on the site's address, where a script in it could run`,
    hint: 'public/ is for images and icons. Publish a page as a YAML file under content/pages, and host other documents (HTML exports, XML, PDF) elsewhere and link to them.',
  }),
  ContractTerm: (phrase: string, term: string): Explained => ({
    message: `"${phrase}" states a contract term in this page's own words`,
    hint: `Insert the approved wording instead: {{terms.${term}}}. Legal keeps it in content/site.yaml under terms.`,
  }),
} as const

export type ContentErrorName = keyof typeof contentErrors

/** An error explained for the editors' guide: what it means in their words, and a typical case's arguments. */
export interface ErrorDoc<N extends ContentErrorName> {
  means: string
  example: Parameters<(typeof contentErrors)[N]>
}

/** One problem found in the content, located at the exact YAML node it concerns. */
export interface Problem {
  name: ContentErrorName
  /** Path relative to the project root, with forward slashes. */
  file: string
  line: number
  column: number
  /** Field path inside the file, e.g. services[3].title; empty for the whole file. */
  field: string
  message: string
  hint?: string
}

/** Builds a problem from the catalogue, so every message and hint comes from one place. */
export function problem<N extends ContentErrorName>(
  name: N,
  at: { file: string; line: number; column: number; field: string },
  ...args: Parameters<(typeof contentErrors)[N]>
): Problem {
  const { message, hint } = (contentErrors[name] as (...a: unknown[]) => Explained)(...args)
  return { name, ...at, message, ...(hint ? { hint } : {}) }
}
