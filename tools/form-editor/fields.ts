/**
 * What editors are told of each content field, read from the editor keywords of the JSON Schemas
 * (schema/*.schema.json; KEYWORDS below): the one label the form, the preview and the guide show,
 * where it is on the page, and a picture's folder. A new landing-page section is one entry of its
 * schema's `editorSections` and the `editorSection` of its fields.
 */
import { fieldSchema, type JsonSchema } from '../../checker/json-schema.ts'
import { ALL_SCHEMAS, schemaFiles, type ContentKind } from '../../checker/schemas.ts'

/** A part of a built page, found by a landmark it already carries (its heading's id, its class). */
export interface Section {
  label: string
  /** Playwright selector of the element; `>> nth=N` takes the Nth match. */
  selector: string
  /** The element is in the menu, which narrow screens keep closed: open it first. */
  inMenu?: boolean
}

/** A section's key: short and file-safe, it names the preview's pictures (`faq`, `block-2`). */
export type SectionKey = string

/**
 * The sections of the site's pages, by key: each schema names the sections its fields show in
 * (`editorSections` at its root), so a new section is declared where its fields are.
 */
export const SECTIONS: Readonly<Record<SectionKey, Section>> = Object.assign(
  {},
  ...ALL_SCHEMAS.map((schema) => (schema.editorSections ?? {}) as Record<SectionKey, Section>),
)

/** Marks a field no section shows: the head's, and the ones that only sort or label the page. */
export const OFF_PAGE = 'off-page'

export interface Field {
  /** The name editors see everywhere. Left out: the shared label of its key. */
  label?: string
  /** What it is on the page, as the guide says it ("the heading", "each card's text"). */
  shows?: string
  /** The section that shows it and every field inside it, or OFF_PAGE. */
  section?: SectionKey | typeof OFF_PAGE
  /** A picture's folder under public/images: the form's picker opens it and an upload lands in it. */
  folder?: string
}

/** The schema keyword that holds each of a field's words. */
const KEYWORDS = { label: 'editorLabel', shows: 'editorShows', section: 'editorSection', folder: 'editorFolder' } as const

/** The labels of keys met in many places: an image's, a card's. */
const SHARED_LABELS: Record<string, string> = {
  src: 'Image file',
  alt: 'Alt text (what the image shows)',
  title: 'Title',
  desc: 'Text',
  stepNo: 'Step label',
  href: 'Link address',
}

/** Where a value is in a file's data: keys and list positions (`['faqs', 5, 'answer']`). */
type DataPath = readonly (string | number)[]

/**
 * What the schema says to editors of the field at `path` of a `kind` file; `root` is the kind's
 * schema, or a changed copy of it. Its holder's `editorParts` win over the field's own keywords.
 */
export function fieldOf(kind: ContentKind | undefined, path: DataPath, root = kind && schemaFiles[kind].schema): Field {
  if (!root || path.length === 0) return {}
  const own = fieldSchema(root, path, ALL_SCHEMAS)
  const key = path[path.length - 1]
  const holder = typeof key === 'string' ? fieldSchema(root, path.slice(0, -1), ALL_SCHEMAS) : undefined
  const parts = holder?.editorParts as Record<string, JsonSchema> | undefined
  const given = parts && Object.hasOwn(parts, key) ? parts[key] : undefined
  const field: Record<string, string> = {}
  for (const [name, keyword] of Object.entries(KEYWORDS)) {
    const value = given?.[keyword] ?? own?.[keyword]
    if (typeof value === 'string') field[name] = value
  }
  return field as Field
}

/** Every value a kind's data can hold, as its schema describes it ($refs followed): a key of an object, or a list's item. */
export function fieldPaths(kind: ContentKind, root = schemaFiles[kind].schema): (string | number)[][] {
  const found: (string | number)[][] = []
  const visit = (at: (string | number)[]) => {
    const node = fieldSchema(root, at, ALL_SCHEMAS)
    const inside = [
      ...Object.keys(node?.properties ?? {}).map((key) => [...at, key]),
      ...(node?.type === 'array' ? [[...at, 0]] : []),
    ]
    for (const path of inside) {
      found.push(path)
      visit(path)
    }
  }
  visit([])
  return found
}

/** The kinds whose fields editors see labelled in the form, the preview and the guide. */
export const LABELLED_KINDS = ['page', 'blog', 'site'] as const satisfies readonly ContentKind[]

/** `['faqs', 5, 'answer']` of a page as the guide and messages name it: `page.faqs[].answer`. */
export const mapPathOf = (kind: ContentKind | undefined, path: DataPath) =>
  path.reduce<string>((at, step) => (typeof step === 'number' ? `${at}[]` : `${at}.${step}`), kind ?? '')

/** "our_steps_title" → "Our steps title", "faqHeading" → "FAQ heading". */
function labelFromKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .replace(/\b(ai|cta|faq|url)\b/g, (word) => word.toUpperCase())
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The label of the field at `path` of a `kind` file; a list's item is keyed `item`. */
export function fieldLabel(kind: ContentKind | undefined, path: DataPath, root?: JsonSchema): string {
  const step = path[path.length - 1]
  const key = typeof step === 'number' ? 'item' : String(step)
  return fieldOf(kind, path, root).label ?? SHARED_LABELS[key] ?? labelFromKey(key)
}

let genericItemLabels: Set<string> | undefined
/** An item label several lists share ("Paragraph", "Step"), or an unlisted item's: alone it does not say which list. */
export function isGenericItemLabel(label: string): boolean {
  genericItemLabels ??= (() => {
    const labels = LABELLED_KINDS.flatMap((kind) =>
      fieldPaths(kind).flatMap((path) => {
        const label = typeof path.at(-1) === 'number' && fieldOf(kind, path).label
        return label ? [label] : []
      }),
    )
    return new Set([labelFromKey('item'), ...labels.filter((l, i) => labels.indexOf(l) !== i)])
  })()
  return genericItemLabels.has(label)
}

/**
 * The section of the field at `path` of a `kind` file: its own, or the nearest one of a field it
 * is inside; OFF_PAGE when no section shows it, undefined when the schema does not say.
 */
export function sectionOf(kind: ContentKind, path: DataPath, root = schemaFiles[kind].schema): Field['section'] {
  for (let end = path.length; end > 0; end--) {
    const { section } = fieldOf(kind, path.slice(0, end), root)
    if (section) return section
  }
  return undefined
}

/**
 * The schemas' patterns in words, for the form's message and the guide's limits column. Written for
 * the guide (a phrase, `code` in backticks); the form reads it as a sentence (patternSentence).
 * Image paths are not here: the form picks them, and the guide names their file types.
 */
export const PATTERN_WORDS: Readonly<Record<string, string>> = {
  '^[A-Z]': 'starts with a capital letter',
  '^[A-Z]{2}$': 'two capital letters, e.g. `US`',
  '^[A-Z]{3}$': 'three capital letters, e.g. `USD`',
  '^0[1-8]$': 'two digits from `01` to `08`',
  '^[a-z0-9]+(-[a-z0-9]+)*$': 'lowercase letters and digits, words joined by hyphens, e.g. `mlops-checklist`',
  '^[0-9][0-9,.]*[+%]?$': 'a figure in digits, with `+` or `%` right after it if any, e.g. `400+`, `98%`, `1,200`',
  '^\\d{4}-\\d{2}-\\d{2}$': 'a date written `YYYY-MM-DD`, e.g. `2026-08-18`',
  '^(https?://|/|mailto:|tel:)':
    'a page of this site starting with `/`, or an address starting with `https://`, `http://`, `mailto:` or `tel:`',
  '^/([A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*)?$': 'a page of this site, starting with `/`, e.g. `/blog`',
  '^/ai/[A-Za-z0-9]+(-[A-Za-z0-9]+)*$': 'a landing page address, e.g. `/ai/Ai-Consulting`',
  '^[^<>{}]+[.]$': 'one plain sentence ending with a full stop, without `<`, `>`, `{` or `}`',
  '^[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}$': 'an email address, e.g. `hello@example.com`',
  '^https://[^/]+$': 'the site address with `https://` and nothing after the domain',
}

/** A pattern's words as the form says them: "Two capital letters, e.g. US."; undefined when it has none. */
export function patternSentence(pattern: string): string | undefined {
  const words = PATTERN_WORDS[pattern]?.replace(/`/g, '')
  return words && `${words.charAt(0).toUpperCase()}${words.slice(1)}.`
}
