import { decodeHTML, DecodingMode } from 'entities/decode'
import { reporter, type Explained } from '../errors.ts'
import { resolveRef, type JsonSchema } from '../json-schema.ts'
import { entryOf } from '../map-entry.ts'
import { ALL_SCHEMAS, schemaFiles, type ContentKind } from '../schemas.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

const messages = {
  MarkupInPlainText: (written: string, markupFields: readonly string[]): Explained => ({
    message: `${written} is shown on the page exactly as written: this field is plain text, not markup`,
    hint: `Remove the tags, and type a character as itself (& rather than &amp;). ${
      markupFields.length > 0
        ? `Bold, italics and links work only in ${markupFields.join(', ')}.`
        : 'No field of this file takes markup.'
    }`,
  }),
}

const problem = reporter(messages)

/** An HTML tag, opening or closing, or the start of a comment: `<b>`, `</a>`, `<br/>`, `<a href="…">`, `<!--`. */
const TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|<!--/
/** Something spelt like an HTML entity: `&amp;`, `&#39;`, `&#x2019;`; whether it is one, the decoder says. */
const ENTITY_LIKE = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g

/** Adds the fields under `node` that take markup (a $ref to the markup definition), named as editors read them. */
function collectMarkupFields(node: unknown, root: JsonSchema, label: string, found: string[], refs: readonly string[]) {
  if (!node || typeof node !== 'object') return
  const schema = node as JsonSchema
  if (typeof schema.$ref === 'string') {
    if (schema.$ref.endsWith('/markup')) found.push(label.replace(/\[\]$/, ''))
    else if (!refs.includes(schema.$ref)) {
      const target = resolveRef(schema.$ref, root, ALL_SCHEMAS)
      collectMarkupFields(target.schema, target.root, label, found, [...refs, schema.$ref])
    }
    return
  }
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    collectMarkupFields(child, root, label ? `${label}.${key}` : key, found, refs)
  if (schema.items) collectMarkupFields(schema.items, root, `${label}[]`, found, refs)
}

const markupFieldsByKind = new Map<ContentKind, string[]>()
/** The fields of a kind of file that take markup, in the schema's order: descriptionOne, faqs[].answer… */
export const markupFieldsOf = (kind: ContentKind): string[] =>
  entryOf(markupFieldsByKind, kind, () => {
    const fields: string[] = []
    collectMarkupFields(schemaFiles[kind].schema, schemaFiles[kind].schema, '', fields, [])
    return fields
  })

/** The first tag, or entity the browser would decode, in a text; undefined when it holds neither. */
function firstMarkup(text: string): string | undefined {
  if (!text.includes('<') && !text.includes('&')) return undefined
  const tag = TAG.exec(text)
  const entity = [...text.matchAll(ENTITY_LIKE)].find((m) => decodeHTML(m[0], DecodingMode.Strict) !== m[0])
  if (tag && (!entity || tag.index < entity.index)) return tag[0].length > 40 ? tag[0].slice(0, 39) + '…' : tag[0]
  return entity?.[0]
}

/**
 * A field that is not markup shows its text as written: `title1: "AI <b>Consulting</b>"` puts the
 * tags themselves in the heading, and `&amp;` stays `&amp;`.
 */
export const markupInPlainText = defineFileRule({
  name: 'markup-in-plain-text',
  stage: 'content',
  kinds: ALL_KINDS,
  messages,
  leaf({ path, text, role }, { at, kind }) {
    if (role === 'markup' || role === 'image') return undefined
    const written = firstMarkup(text)
    return written ? [problem('MarkupInPlainText', at(path), written, markupFieldsOf(kind))] : undefined
  },
  docs: {
    MarkupInPlainText: {
      means:
        'A field that takes plain text holds a tag such as <b> or an entity such as &amp;. Only description fields, FAQ answers and blog post paragraphs read markup; anywhere else the page shows the tag itself.',
      example: ['<b>', ['descriptionOne', 'descriptionTwo', 'descriptionThree', 'faqs[].answer', 'contactUsToday']],
    },
  },
})
