import { reporter, type Explained } from '../errors.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'
import { attributeFor, quoteAt, type ValueQuote } from '../value-quoting.ts'

const messages = {
  MarkdownFormatting: (written: string, markup: boolean, quote: ValueQuote = ''): Explained => ({
    message: `${written} is Markdown, which the site does not read: the page shows the symbols as written`,
    hint: markup
      ? `Write bold as <b>…</b>, italics as <i>…</i> and a link as <a ${attributeFor(quote, 'href', '…')}>…</a>; a text cannot hold a heading, so remove the #.`
      : 'This field is plain text: remove the *, _, # or [ ](…) and keep the words.',
  }),
}

const problem = reporter(messages)

/**
 * Markdown as editors paste it from documents and chat tools, each needing the marks on both sides
 * of words (`**bold**`, `_italic_`), or a heading's `#` and a space at the start of a line. A mark
 * inside a word (snake_case, 5*3*2) or before a space (`2 * 3`) is not emphasis.
 */
const EMPHASIS_OR_HEADING: readonly RegExp[] = [
  /(?<![\w*\\])\*\*(?=[^\s*])[^\n]{0,200}?(?<=[^\s*])\*\*(?![\w*])/,
  /(?<![\w\\])__(?=[^\s_])[^\n]{0,200}?(?<=[^\s_])__(?!\w)/,
  /(?:^|\n)[ \t]*#{1,6}[ \t]+[^\s#][^\n]*/,
  /(?<![\w*\\])\*(?=[^\s*])[^*\n]{0,200}?(?<=[^\s*])\*(?![\w*])/,
  /(?<![\w\\])_(?=[^\s_])[^_\n]{0,200}?(?<=[^\s_])_(?!\w)/,
]

/** A link as Markdown writes it: `[words](address)`. */
const LINK = /\[[^[\]\n]{1,200}\]\([^()\s]{1,500}\)/
const TAG = /<[^<>]*>/g
/** A web address, whose underscores and stars are never emphasis. */
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"']+/g

/** The first piece of Markdown in a text, shortened for the message; undefined when there is none. */
function firstMarkdown(text: string): string | undefined {
  if (!/[*_#[]/.test(text)) return undefined
  const shown = text.replace(TAG, ' ')
  const withoutAddresses = shown.replace(WEB_ADDRESS, ' ')
  const found = LINK.exec(shown) ?? EMPHASIS_OR_HEADING.map((pattern) => pattern.exec(withoutAddresses)).find(Boolean)
  if (!found) return undefined
  const written = found[0].trim()
  return written.length > 50 ? written.slice(0, 49) + '…' : written
}

/**
 * Markdown in any text: the site reads none, so `**bold**`, `_italic_`, `[text](url)` and `# heading`
 * reach the page as written. In a markup field the same effect is written in tags.
 */
export const markdown = defineFileRule({
  name: 'markdown',
  stage: 'content',
  kinds: ALL_KINDS,
  messages,
  leaf({ path, text, role }, { at, source }) {
    if (role === 'image') return undefined
    const written = firstMarkdown(text)
    if (!written) return undefined
    const place = at(path)
    return [problem('MarkdownFormatting', place, written, role === 'markup', quoteAt(source, place))]
  },
  docs: {
    MarkdownFormatting: {
      means:
        'A text holds Markdown (**bold**, *italic*, _italic_, [text](link) or a # heading), often pasted from a document or a chat tool. The site does not read Markdown, so the symbols would show on the page.',
      example: ['**fixed price**', true, '"'],
    },
  },
})
