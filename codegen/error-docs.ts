import { contentErrors, type ContentErrorName } from './errors.ts'

type Example<N extends ContentErrorName> = { means: string; example: Parameters<(typeof contentErrors)[N]> }

/**
 * For each catalogue entry, what it means in an editor's words and the arguments of a typical
 * case. Typed by the catalogue, so a new kind of error cannot ship without its explanation.
 */
const errorDocs: { [N in ContentErrorName]: Example<N> } = {
  YamlSyntax: {
    means:
      'The file is not valid YAML, so nothing in it can be read. Often a missing quote, a tab, or a line indented differently from its neighbours.',
    example: ['Nested mappings are not allowed in compact mappings'],
  },
  DuplicateKey: { means: 'The same field appears twice at the same level; only one value can count.', example: ['metaTitle'] },
  EmptyFile: { means: 'The file has no content at all.', example: [] },
  UnknownKey: {
    means: 'A field name the page format does not know, often a typo or wrong letter case.',
    example: ['descriptionone', 'descriptionOne'],
  },
  MissingField: {
    means: 'A field every page must have is not there.',
    example: ['metaTitle', 'The browser tab and search-result title.'],
  },
  WrongType: {
    means:
      'The value has the wrong shape: text where a list is expected, a list where text is expected, or a number or yes/no that should be text.',
    example: ['text', 'a number'],
  },
  TooLong: {
    means: 'The text is longer than the field allows; search engines or the layout would cut it.',
    example: [65, 60, 'characters', 'The browser tab and search-result title. 10 to 60 characters.'],
  },
  TooShort: {
    means: 'The text is shorter than the field needs.',
    example: [80, 120, 'characters', 'The search-result snippet. 120 to 160 characters.'],
  },
  InvalidValue: {
    means: 'The field accepts only a fixed set of values.',
    example: ['locaton', 'service, industry, location', 'location'],
  },
  InvalidFormat: {
    means: 'The value does not have the required form, e.g. an image path outside /images/.',
    example: ['images/hero.png', 'Path of the file under public/, e.g. /images/pages/ai-development-hero.svg.'],
  },
  SchemaViolation: {
    means: 'Another rule of the page format is broken; the message says which.',
    example: ['must have at least 1 item'],
  },
  DuplicatePath: {
    means: 'Two page files give the same address except for letter case, which visitors and search engines treat as one.',
    example: ['/ai/ai-development', 'content/pages/Ai-Development.yaml'],
  },
  InvalidFileName: {
    means: 'The file name becomes the page address, so it may hold only letters, digits and hyphens.',
    example: ['AI Development'],
  },
  FileNameMismatch: {
    means: 'A field that must match the file name does not.',
    example: ['custom_url', 'rag-vs-finetuning', 'rag-vs-fine-tuning'],
  },
  DuplicateId: { means: 'Two blog posts have the same id number.', example: ['4', 'content/blogs/mlops-checklist.yaml'] },
  BrokenLink: {
    means: 'A link inside the site points to a page that does not exist.',
    example: ['/ai/Ai-Developement', '/ai/Ai-Development'],
  },
  MissingImage: { means: 'The image path names a file that is not in public/images.', example: ['/images/pages/hero.svg'] },
  UnsafeMarkup: {
    means:
      'The text carries markup that is not allowed (scripts, event handlers, unsafe links, other tags); the site would remove it.',
    example: ['<img onerror>'],
  },
  IllegalNesting: {
    means: 'Markup is nested in a way the browser would rearrange, such as a list inside a paragraph or bold text.',
    example: ['<ul> inside <p>'],
  },
  TooManySteps: { means: 'The process section shows at most six steps.', example: [7] },
  DuplicateParagraph: {
    means: 'The same long text (120 characters or more) is on two pages. Each page needs its own words.',
    example: ['content/pages/Ai-Consulting.yaml:14:5 (descriptionOne[0])'],
  },
  UnsafeSvg: {
    means:
      'An SVG image holds a script, an event handler, an embedded page or a link to another file. Opened on its own it would run on the site, so it is refused.',
    example: ['has a <script> element'],
  },
  InvalidCharacter: {
    means:
      'An invisible or broken character is in the file or in a text (a control character, half of an emoji, a stray byte-order mark, a line separator, a text-direction override), typed as itself or written as an escape such as "\\u202E" in double quotes.',
    example: ['the control character U+0007', 'file'],
  },
  InvalidEncoding: {
    means: 'The file was saved in an encoding other than UTF-8, so some characters cannot be read.',
    example: [],
  },
  FileTooLarge: { means: 'The file is larger than any page should be.', example: [300_000, 262_144] },
  YamlReference: {
    means:
      'The file uses YAML anchors (&name), aliases (*name) or tags (!name). Content never needs them, and they can hide or multiply text.',
    example: ['*intro'],
  },
  CheckFailed: {
    means: 'The checker itself failed on this file. The rest of the content was still checked; tell a developer.',
    example: ['Maximum call stack size exceeded'],
  },
  UnknownTerm: {
    means: 'A {{…}} placeholder names no contract term of content/site.yaml, or is misspelt.',
    example: ['{{terms.owner}}', ['ownership', 'noCopy', 'noTraining', 'hipaa']],
  },
  ClaimedTimeZone: {
    means:
      "The page says the team works in the reader's time zone. The team works from its headquarters; say how it overlaps with the reader's day instead.",
    example: ['work Boston hours', 'Boston', 'San Francisco'],
  },
  LocalOffice: {
    means:
      'The page speaks of an office or team in a city where the company has no office. Every place any page names in its audience counts, so the message says when the place comes from another page.',
    example: ['our Houston AI team', ['San Francisco']],
  },
  AudiencePlaceClaim: {
    means:
      "A place this page's audience names makes another page read as claiming an office or team there. Reported on both pages, so the editor who added the place sees it.",
    example: ['AI', 'our AI development team', 'content/pages/Ai-Consulting.yaml:20:5 (descriptionOne[2])'],
  },
  UnnamedCurrency: {
    means:
      'A price on a page for readers outside the United States gives no currency, so they would read it as their own dollars or euros.',
    example: ['$10,000', 'USD'],
  },
  MalformedTerm: {
    means:
      'Text that looks like a contract-term placeholder but is not written {{terms.name}} exactly (one brace too few or too many, or nested braces). It would reach the page as written.',
    example: ['{terms.ownership}}', ['ownership', 'noCopy', 'noTraining', 'hipaa']],
  },
  TermNotInserted: {
    means:
      'A {{…}} placeholder in content/site.yaml or content/projects.yaml. Terms are inserted only into pages and blog posts, so it would reach the site as written.',
    example: ['{{terms.ownership}}'],
  },
  ExpandedTooLarge: {
    means:
      'The file is small, but inserting its {{terms.name}} placeholders makes it larger than any file may be (each one brings the whole wording).',
    example: [1_990_000, 262_144, 12_000, 'faqs[0].answer'],
  },
  TextTooLong: {
    means:
      'One text (a field, or a paragraph between its tags) is far longer than any real paragraph; browsers would break it into pieces and the page would fail to start.',
    example: [200_000, 10_000],
  },
  DocumentInPublic: {
    means:
      'A file under public/ is a web page, an XML or PDF document, or starts like one under another name. Opened on its own it would run on the site’s address, so only images and icons may be there.',
    example: ['is a web page (.html)'],
  },
  ContractTerm: {
    means:
      'The page states one of the standard contract terms (ownership, data use, copies kept, HIPAA) in its own words. Those terms come only from content/site.yaml, inserted with {{terms.name}}, so legal can change them in one place.',
    example: ['you own the code', 'ownership'],
  },
  Placeholder: {
    means: 'A field still holds the "TODO:" text a new page starts with.',
    example: ['TODO: The browser tab and search-result title.'],
  },
}

const BEGIN = '<!-- errors:begin (generated by npm run docs:errors from codegen/errors.ts; do not edit) -->'
const END = '<!-- errors:end -->'

/** The "What each error means" section: one entry per catalogue name, with an example message and its hint. */
export function errorReference(): string {
  const entries = (Object.keys(contentErrors) as ContentErrorName[]).map((name) => {
    const doc = errorDocs[name] as Example<ContentErrorName>
    const { message, hint } = (contentErrors[name] as (...a: unknown[]) => { message: string; hint?: string })(...doc.example)
    return [`### ${name}`, '', doc.means, '', `Example: \`${message}\``, ...(hint ? ['', `What to do: ${hint}`] : [])].join('\n')
  })
  return [BEGIN, '', ...entries.flatMap((e) => [e, '']), END].join('\n')
}

/** `text` with its generated section replaced by the catalogue's current one. */
export function withErrorReference(text: string): string {
  const start = text.indexOf(BEGIN)
  const end = text.indexOf(END)
  if (start < 0 || end < start) throw new Error(`the document has no ${BEGIN} … ${END} section`)
  return text.slice(0, start) + errorReference() + text.slice(end + END.length)
}
