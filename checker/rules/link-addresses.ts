import { reporter, type Explained } from '../errors.ts'
import { markupLinks, SAFE_HREF } from '../markup.ts'
import { quoteAt } from '../value-quoting.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

const ALLOWED_STARTS = 'A link starts with / (a page of this site), # (a place on this page), https://, http://, mailto: or tel:.'

const messages = {
  CurlyQuotedHref: (written: string, retyped: string): Explained => ({
    message: `the link's address is written between curly quotes (href=${written}), so the link leads nowhere`,
    hint: `Type straight quotes around the address: ${retyped}. A word processor curls quotes as they are typed; paste from it into a plain-text editor first.`,
  }),
  UnsupportedHref: (href: string, fix?: string): Explained => ({
    message: `links to "${href}", which is not an address a link can lead to: the page shows the words without the link`,
    hint: fix ? `Write it as ${fix}. ${ALLOWED_STARTS}` : `${ALLOWED_STARTS} Write the address that way, or remove the <a> tag.`,
  }),
}

const problem = reporter(messages)

/** Quotes a word processor types, and the straight ones left beside them, around a link's address. */
const QUOTES_AROUND = /^[“”„‟‘’‚‛«»"']+|[“”„‟‘’‚‛«»"']+$/g
const CURLY = /[“”„‟‘’‚‛«»]/
/** An address of a scheme the site never links to (javascript:, data:, ftp:): the markup rule's UnsafeMarkup. */
const UNSAFE_SCHEME = /^[a-z][a-z0-9+.-]*:/i

/** How the address was probably meant: a path without its /, a domain without https://, an e-mail address without mailto:. */
function meant(href: string): string | undefined {
  if (/^www\./i.test(href)) return `https://${href}`
  if (href.startsWith('//')) return `https:${href}`
  if (/^[^\s@:/]+@[^\s@:/]+\.[a-z]{2,}$/i.test(href)) return `mailto:${href}`
  if (/^(?:ai|blog)\//i.test(href)) return `/${href}`
  return undefined
}

/**
 * A link's address must start as the sanitizer lets through: /, #, https:, http:, mailto: or tel:.
 * One between curly quotes (href=”https://…”, typed by a word processor) is kept by the sanitizer as
 * a relative address and leads nowhere; any other is removed, leaving the words unlinked. Each is
 * said here with its fix, so the markup rule leaves these links out; one of a scheme the site never
 * links to (javascript:, data:) stays the markup rule's, as unsafe.
 */
export const linkAddresses = defineFileRule({
  name: 'link-addresses',
  stage: 'content',
  kinds: ALL_KINDS,
  messages,
  leaf({ path, text, role }, { at, source }) {
    if (role !== 'markup' || !text.includes('<a')) return undefined
    const bad = markupLinks(text).filter((href) => !SAFE_HREF.test(href) && !UNSAFE_SCHEME.test(href))
    return bad.map((href) => {
      const place = at(path)
      if (!CURLY.test(href)) return problem('UnsupportedHref', place, href, meant(href))
      // In the other quote than a double-quoted value's, so the fix can be pasted in as it stands.
      const quote = quoteAt(source, place) === '"' ? "'" : '"'
      return problem('CurlyQuotedHref', place, href, `href=${quote}${href.replace(QUOTES_AROUND, '')}${quote}`)
    })
  },
  docs: {
    CurlyQuotedHref: {
      means:
        "A link's address is wrapped in curly quotes (href=”https://…”) instead of straight ones, usually because the text was written in a word processor. The browser reads the quotes as part of the address, so the link leads to a page that does not exist.",
      example: ['”https://www.corvane.example/contact”', "href='https://www.corvane.example/contact'"],
    },
    UnsupportedHref: {
      means:
        "A link's address does not start with /, #, https:, http:, mailto: or tel: (a page address without its leading /, a domain without https://). The site removes such a link and shows its words as plain text.",
      example: ['ai/Ai-Consulting', '/ai/Ai-Consulting'],
    },
  },
})

/** Whether the sanitizer's removal of a link's address, as unsafeMarkupChanges names it, is one this rule reports. */
export const isHrefRemoval = (removed: string) => {
  const href = /^href="([\s\S]*)" on <a>$/.exec(removed)?.[1]
  return href !== undefined && !SAFE_HREF.test(href) && !UNSAFE_SCHEME.test(href)
}
