import { reporter, type Problem, type Explained } from '../errors.ts'
import { fieldSchema } from '../json-schema.ts'
import { ALL_SCHEMAS, schemaFiles, type ContentKind } from '../schemas.ts'
import type { PathSegment } from '../yaml-source.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'
import { attributeFor, quoteAt, type ValueQuote } from '../value-quoting.ts'

const messages = {
  BareUrl: (url: string, markup: boolean, quote: ValueQuote = ''): Explained => ({
    message: `${url} is written out as text: readers see the address but cannot click it`,
    hint: markup
      ? `Make it a link with words that say where it leads: <a ${attributeFor(quote, 'href', /^www\./i.test(url) ? 'https://' + url : url)}>…</a>.`
      : `This field cannot hold a link: remove the address, and link to it from a description (<a ${attributeFor('"', 'href', '…')}>…</a>) instead.`,
  }),
}

const problem = reporter(messages, ['BareUrl'])

/** A web address as copy writes it: with its scheme, or starting www. (not in an e-mail address or a path). */
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"']+|(?<![@/.\w-])www\.[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+[^\s<>"']*/gi
/** Links whole (an address as a link's words is clickable), then every other tag with its attributes. */
const LINKED_OR_TAG = /<a\b[^<>]*>[\s\S]*?<\/a\s*>|<[^<>]*>/gi

/**
 * Whether the schema gives the value at `path` a form of its own (a pattern or a format): a link's
 * address, a path or an e-mail address, where an address is the value and no text.
 */
function isAddressField(kind: ContentKind, path: readonly PathSegment[]): boolean {
  const schema = fieldSchema(schemaFiles[kind].schema, path, ALL_SCHEMAS)
  return schema !== undefined && ('pattern' in schema || 'format' in schema)
}

/** The web addresses a reader sees as text: not a link's address, nor its words. */
function bareAddresses(text: string, markup: boolean): string[] {
  if (!/https?:\/\/|www\./i.test(text)) return []
  const shown = markup ? text.replace(LINKED_OR_TAG, ' ') : text
  const found = (shown.match(WEB_ADDRESS) ?? []).map((url) => url.replace(/[.,;:!?)\]]+$/, ''))
  return [...new Set(found)]
}

/**
 * A web address written out in text, which no reader can click. A warning: the page works, but a
 * markup field should link it, and a plain field should leave linking to a description. Fields whose
 * value is an address by the schema's form (links, paths, e-mail addresses) are left alone.
 */
export const bareUrls = defineFileRule({
  name: 'bare-urls',
  stage: 'content',
  kinds: ALL_KINDS,
  messages,
  leaf({ path, text, role }, { at, kind, source }) {
    if (role === 'image') return undefined
    const markup = role === 'markup'
    const urls = bareAddresses(text, markup)
    if (urls.length === 0 || (!markup && isAddressField(kind, path))) return undefined
    const place = at(path)
    return urls.map((url): Problem => problem('BareUrl', place, url, markup, quoteAt(source, place)))
  },
  docs: {
    BareUrl: {
      means:
        'A warning: a web address is written out as text, where readers cannot click it. In a description, make it a link; in a plain field, link to it from a description instead.',
      example: ['https://www.corvane.example/contact', true, '"'],
    },
  },
})
