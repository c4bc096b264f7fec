/**
 * The catalogue of content errors. Names are permanent: tests, docs and editors' habits depend on
 * them. Each entry says what happened (message) and what to do next (hint).
 */
interface Explained {
  message: string
  hint?: string
}

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

export const contentErrors = {
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
  UnknownKey: (key: string, suggestion?: string): Explained => ({
    message: `'${key}' is not a known field`,
    hint: suggestion ? `did you mean ${suggestion}?` : 'Remove it, or check the spelling against the schema.',
  }),
  MissingField: (key: string, description?: string, shape?: FieldShape, within?: string): Explained => ({
    message: `'${key}' is required but missing`,
    hint: `Add a line "${key}:" ${within ? `indented like the other fields of ${within}` : 'with no indentation'}, followed by ${valueOfShape(shape)}.${description ? ` ${description}` : ''}`,
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
    hint: `Add at least ${min - length} more ${min - length === 1 ? unit.replace(/s$/, '') : unit}${unit === 'items' ? ' (each on a line of its own starting with "- ")' : ''}.${description ? ` ${description}` : ''}`,
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
  LinkedPageMissing: (address: string, linkedFrom: readonly string[], renamedTo?: string): Explained => {
    const linkers = `${linkedFrom.length} ${linkedFrom.every((f) => f.startsWith('content/pages/')) ? 'pages' : 'files'}`
    const shown = linkedFrom.slice(0, 3).join(', ') + (linkedFrom.length > 3 ? ` and ${linkedFrom.length - 3} more` : '')
    const fileOf = (route: string) => `content/pages/${route.slice('/ai/'.length)}.yaml`
    const redirect = (to: string) => `add a redirect to content/redirects.yaml (from: ${address}, to: ${to})`
    if (renamedTo?.toLowerCase() === address.toLowerCase())
      return {
        message: `the address ${address} changed to ${renamedTo}: ${linkers} link to it`,
        hint: `Rename ${fileOf(renamedTo!)} back to ${fileOf(address)}, or change the links to ${renamedTo}. Linked from ${shown}.`,
      }
    const deleted = `${renamedTo ? 'If it was deleted, ' : ''}${redirect('the page that replaces it')}, or put ${fileOf(address)} back, or change the links`
    return {
      message: `the address ${address} no longer exists${renamedTo ? ` (renamed to ${renamedTo}?)` : ''}: ${linkers} link to it`,
      hint: `${renamedTo ? `If ${fileOf(renamedTo)} is that page renamed, rename it back or ${redirect(renamedTo)}. ` : ''}${deleted[0].toUpperCase()}${deleted.slice(1)}. Linked from ${shown}.`,
    }
  },
  LinkToOldAddress: (href: string, to: string): Explained => ({
    message: `links to ${href}, an old address that content/redirects.yaml sends on to ${to}`,
    hint: `Link straight to ${to}. The old address works for visitors who come from other sites, but a click on this link inside the site goes to the home page instead.`,
  }),
  RedirectShadowsPage: (from: string, page: string): Explained => ({
    message: `${from} is the address of ${page}, a page that exists`,
    hint: `A redirect is for an address that no longer has a page; visitors would never reach this one. Remove the entry, or rename or delete ${page} first.`,
  }),
  RedirectTargetMissing: (to: string, suggestion?: string): Explained => ({
    message: `leads to ${to}, which is not a page of this site`,
    hint: suggestion
      ? `did you mean ${suggestion}?`
      : 'Write the address of a page that exists: /ai/ and a file name of content/pages without .yaml, or /, /blog, /privacy.',
  }),
  RedirectChain: (to: string, next: string, final?: string): Explained => ({
    message: `leads to ${to}, which is itself redirected to ${next}`,
    hint: `Point it straight to ${final ? `the page: to: ${final}` : 'a page that exists'}. Visitors and search engines should be sent on once, not twice.`,
  }),
  RedirectLoop: (cycle: readonly string[]): Explained => ({
    message: `the redirects lead in a circle: ${cycle.join(' → ')}`,
    hint: 'Point each old address to a page that exists; a visitor sent round the circle never arrives.',
  }),
  DuplicateRedirect: (from: string, line: number): Explained => ({
    message: `${from} is already redirected on line ${line}`,
    hint: 'Keep one entry per old address: delete this one or the other.',
  }),
  MissingImage: (src: string, suggestion?: string): Explained => ({
    message: `image ${src} does not exist`,
    hint: suggestion ? `did you mean ${suggestion}?` : 'Add the file under public/images, or fix the path.',
  }),
  UnsafeMarkup: (removed: string): Explained => ({
    message: `markup would be changed by the sanitizer: ${removed}`,
    hint: 'Only <b>, <strong>, <i>, <em>, <a href>, <br>, <p>, <ul>, <ol> and <li> are allowed; links must start with https://, http://, mailto:, tel: or /.',
  }),
  IllegalNesting: (detail: string): Explained => {
    // A tag left open is named by the detail (markup.ts): the fix is its closing tag.
    const open = /^the <(\w+)> .*? is (?:not closed before (<\/\w+>|the next <\w+>)|never closed)$/.exec(detail)
    return {
      message: `markup nests illegally: ${detail}`,
      hint: open
        ? `Add </${open[1]}> where its text ends${open[2] ? `, before ${open[2]}` : ''}: tags close in the reverse order they open, as in <p><b>bold</b> text</p>.`
        : 'A list or paragraph cannot sit inside a paragraph or a bold/link: make it a separate item of the list.',
    }
  },
  TooManySteps: (count: number): Explained => ({
    message: `our_steps and our_steps2 hold ${count} steps together; at most 6 allowed`,
    hint: 'Merge steps, or move some into the page text.',
  }),
  CopiedPage: (count: number, other: string, first: string): Explained => ({
    message: `${count} paragraphs of this page are the same as on ${other}: it reads as a copy of that page`,
    hint: `Copying a page is a good start; now write each paragraph for this page, beginning with ${first}. Search engines rank repeated text lower.`,
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
  ContractTerm: (phrase: string, term: string, approved = true): Explained => ({
    message: `"${phrase}" states a contract term in this page's own words`,
    hint: approved
      ? `Insert the approved wording instead: {{terms.${term}}}. Legal keeps it in content/site.yaml under terms.`
      : `Legal has no approved wording for this promise (content/site.yaml has no terms.${term}): remove it, or ask legal to add the term and insert it as {{terms.${term}}}.`,
  }),
  MarkupInPlainText: (written: string, markupFields: readonly string[]): Explained => ({
    message: `${written} is shown on the page exactly as written: this field is plain text, not markup`,
    hint: `Remove the tags, and type a character as itself (& rather than &amp;). ${
      markupFields.length > 0
        ? `Bold, italics and links work only in ${markupFields.join(', ')}.`
        : 'No field of this file takes markup.'
    }`,
  }),
  MarkdownFormatting: (written: string, markup: boolean): Explained => ({
    message: `${written} is Markdown, which the site does not read: the page shows the symbols as written`,
    hint: markup
      ? 'Write bold as <b>…</b>, italics as <i>…</i> and a link as <a href="…">…</a>; a text cannot hold a heading, so remove the #.'
      : 'This field is plain text: remove the *, _, # or [ ](…) and keep the words.',
  }),
  CurlyQuotedValue: (quotes: string): Explained => ({
    message: `the whole value is wrapped in curly quotes (${quotes}), which the page shows as part of the text`,
    hint: 'Remove them. To quote a value for YAML (needed when it holds ": " or starts with a symbol), use straight double quotes: "…".',
  }),
  CutByComment: (kept: string, cut: string): Explained => ({
    message: `reads as "${kept}": in YAML " #" starts a comment, so "${cut}" never reaches the page`,
    hint: `Put the whole value in double quotes: "${`${kept} ${cut}`.replace(/["\\]/g, '\\$&')}". If the words after # are a note, put them on a line of their own.`,
  }),
  BareUrl: (url: string, markup: boolean): Explained => ({
    message: `${url} is written out as text: readers see the address but cannot click it`,
    hint: markup
      ? `Make it a link with words that say where it leads: <a href="${/^www\./i.test(url) ? 'https://' + url : url}">…</a>.`
      : 'This field cannot hold a link: remove the address, and link to it from a description (<a href="…">…</a>) instead.',
  }),
  LongFaqAnswer: (words: number, max: number): Explained => ({
    message: `this answer is ${words} words long; an FAQ answer reads best in ${max} words or fewer`,
    hint: 'Answer the question in the first sentence and keep what a buyer needs to decide; move the detail into the page or a blog post and link to it. Inserted contract terms count with the words they bring.',
  }),
  DuplicateTitle: (field: string, text: string, other: string): Explained => ({
    message: `${field} "${text}" is the same as on ${other}`,
    hint:
      field === 'label'
        ? 'Menus, the footer and the home page would list two entries with one name: give this page a label of its own.'
        : field === 'metaTitle'
          ? 'Search results would show two pages under one title, and rank neither well: give this page a title of its own.'
          : 'Two pages would open with the same heading: write one that says what this page is about.',
  }),
  LargeImage: (src: string, over: readonly string[]): Explained => ({
    message: `${src} is ${over.join(' and ')}`,
    hint: 'A large image makes the page slow, most of all on phones. Export it again: a PNG, JPEG or WebP at most 1600 px wide and under 200 KB (a photo as JPEG or WebP at about 80% quality), a drawing as SVG.',
  }),
} as const

export type ContentErrorName = keyof typeof contentErrors

/**
 * The names that only warn: the page still works, but likely not as the editor meant. The report
 * lists them after the errors, and they stop neither the content check nor the build.
 */
const WARNINGS: ReadonlySet<ContentErrorName> = new Set<ContentErrorName>([
  'BareUrl',
  'LongFaqAnswer',
  'LargeImage',
  'LinkToOldAddress',
])

export const isWarning = (found: { name: ContentErrorName }) => WARNINGS.has(found.name)

/** The problems that stop the check and the build: all but the warnings. */
export const errorsAmong = <P extends { name: ContentErrorName }>(found: readonly P[]): P[] => found.filter((p) => !isWarning(p))

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
