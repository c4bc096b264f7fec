import { decodeHTML, DecodingMode } from 'entities/decode'
import { parseDocument, Parser } from 'htmlparser2'
import { checkerDom as dom } from '#checker-dom'
import { PURIFY_CONFIG, toBlocks } from '../src/core/markup-html.ts'
import { MAX_MARKUP_DEPTH, SAFE_HREF, type MarkupNode } from '../src/core/markup-policy.ts'

export { ALLOWED_TAGS, SAFE_HREF, type MarkupNode } from '../src/core/markup-policy.ts'

const BLOCK_TAGS = new Set(['p', 'ul', 'ol'])
const INLINE_TAGS = new Set(['b', 'strong', 'i', 'em', 'a'])
const VOID_TAGS = new Set(['br'])

const needsParsing = (html: string) => /[<&>]/.test(html)

/** The markup editors write every day: allowed tags spelled plainly, links with a plain safe href in either quotes. */
const PLAIN_TAG = /<\/?(?:b|strong|i|em|p|ul|ol|li)>|<br ?\/?>|<a href="([^"<>&]*)">|<a href='([^'"<>&]*)'>|<\/a>/g
const PLAIN_ENTITY = /&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z]{2,31});/g

/**
 * True when markup can only contain allowed elements and safe links, decided from its spelling
 * alone: every '<' opens an allow-listed tag written plainly, every href is plain and safe, every
 * '&' is an entity. Such markup passes DOMPurify unchanged (a test holds them to agree), so it skips
 * the costly DOM pass; anything else, however harmless, still goes through DOMPurify.
 */
export function isPlainMarkup(html: string): boolean {
  let unsafeLink = false
  const rest = html.replace(PLAIN_TAG, (_tag, doubleQuoted: string | undefined, singleQuoted: string | undefined) => {
    const href = doubleQuoted ?? singleQuoted
    if (href !== undefined && !SAFE_HREF.test(href)) unsafeLink = true
    return ''
  })
  return !unsafeLink && !rest.includes('<') && !rest.replace(PLAIN_ENTITY, '').includes('&')
}

/** The allow-list sanitizer: what it returns is what may reach a page. */
export function sanitizeMarkup(html: string): { html: string; removed: string[] } {
  // Text without tags cannot be unsafe; DOMPurify returns it as is, so serialise it like the rest.
  if (!html.includes('<')) return { html: normalizeMarkup(html), removed: [] }
  const { purify } = dom()
  const clean = purify.sanitize(html, PURIFY_CONFIG) as string
  const removed = purify.removed.flatMap((r) => {
    if ('element' in r) {
      const name = (r.element as Element).nodeName.toLowerCase()
      // DOMPurify reports its own parsing wrapper; it is not the editor's markup.
      if (name === 'body' || name === 'html' || name === 'head') return []
      return name.startsWith('#') ? name.slice(1) : `<${name}>`
    }
    const attr = r.attribute?.name ?? 'attribute'
    const from = r.from?.nodeName.toLowerCase() ?? '?'
    const value = r.attribute?.value
    return value && attr === 'href' ? `href="${value.trim().slice(0, 40)}" on <${from}>` : `${attr} on <${from}>`
  })
  return { html: clean, removed }
}

/** Serialises markup the way the sanitizer's parser does, so harmless spelling differences are not reported. */
function normalizeMarkup(html: string): string {
  if (!needsParsing(html)) return html
  if (!/[<\r\0]/.test(html)) return serializeText(html)
  const body = dom().document.createElement('body')
  body.innerHTML = html
  return body.innerHTML
}

/**
 * Text without tags as an HTML parser and serializer leave it: character references decoded as in
 * text (the WHATWG rules, legacy names without a semicolon included), then &, no-break spaces, < and >
 * escaped. The same as a DOM round trip, which tests hold it to, without loading a DOM for "R&D".
 */
export function serializeText(text: string): string {
  return decodeHTML(text, DecodingMode.Legacy)
    .replace(/&/g, '&amp;')
    .replace(/\u00a0/g, '&nbsp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

/** Reports what the sanitizer would change, or nothing when the markup passes untouched. */
export function unsafeMarkupChanges(html: string): string[] {
  if (isPlainMarkup(html)) return []
  const { html: clean, removed } = sanitizeMarkup(html)
  if (clean === normalizeMarkup(html)) return []
  return removed.length > 0 ? [...new Set(removed)] : ['the markup is rewritten']
}

/** The nesting problem after which nothing else of the markup is examined. */
export const TOO_DEEP = `markup nests more than ${MAX_MARKUP_DEPTH} levels deep`

/** Where a tag opens, as an editor finds it: before the words that follow it, or at its character (from 1). */
function openedAt(html: string, start: number): string {
  const after = html.slice(start).replace(/^<[^>]*>/, '')
  // The words up to the next tag; past it when another tag follows at once.
  const words = (after.split('<')[0].trim() || after.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim()
  if (!words) return `at character ${start + 1}`
  return `before "${words.length > 30 ? `${words.slice(0, 30).trimEnd()}…` : words}"`
}

/**
 * Why the parser closed a tag the markup left open, named by where it opened: `reading` is the tag
 * the parser was reading (a closing tag, or an opening one that ends it), empty at the end.
 */
function unclosed(name: string, opened: string, reading: string): string {
  if (reading.startsWith('</')) return `the <${name}> ${opened} is not closed before ${reading.toLowerCase()}`
  if (reading && BLOCK_TAGS.has(name)) return `<${name}> is closed early because a list or paragraph starts inside it`
  if (reading)
    return `the <${name}> ${opened} is not closed before the next <${/^<([a-z0-9]+)/i.exec(reading)?.[1].toLowerCase()}>`
  return `the <${name}> ${opened} is never closed`
}

/**
 * Markup the browser would restructure while parsing (a list inside a paragraph, an unclosed tag):
 * server HTML and the browser's DOM would then differ, and hydration would fail.
 */
export function nestingProblems(html: string): string[] {
  if (!needsParsing(html)) return []
  const found: string[] = []
  const stack: string[] = []
  /** Where each tag of the stack opens. */
  const starts: number[] = []
  /** Tags reported as left open, by name: one report each. */
  const leftOpen = new Set<string>()
  let topLevelText = false
  let topLevelBlock = false
  const parser: Parser = new Parser(
    {
      onopentag(name) {
        if (stack.length === MAX_MARKUP_DEPTH) found.push(TOO_DEEP)
        const parent = stack[stack.length - 1]
        if (name === 'li' && parent !== 'ul' && parent !== 'ol') found.push('<li> must sit directly inside <ul> or <ol>')
        if ((parent === 'ul' || parent === 'ol') && name !== 'li')
          found.push(`<${name}> cannot sit directly inside <${parent}>; wrap it in <li>`)
        if (BLOCK_TAGS.has(name) && stack.some((t) => INLINE_TAGS.has(t)))
          found.push(`<${name}> cannot sit inside <${stack.find((t) => INLINE_TAGS.has(t))}>`)
        if (name === 'a' && stack.includes('a')) found.push('a link cannot sit inside another link')
        if (stack.length === 0 && BLOCK_TAGS.has(name)) topLevelBlock = true
        if (stack.length === 0 && !BLOCK_TAGS.has(name)) topLevelText = true
        if (!VOID_TAGS.has(name)) {
          stack.push(name)
          starts.push(parser.startIndex)
        }
      },
      onclosetag(name, isImplied) {
        if (VOID_TAGS.has(name)) return
        const at = stack.lastIndexOf(name)
        if (isImplied && !leftOpen.has(name)) {
          leftOpen.add(name)
          const reading = html.slice(parser.startIndex, parser.endIndex + 1)
          found.push(unclosed(name, openedAt(html, starts[at] ?? parser.startIndex), reading))
        }
        if (at >= 0) stack.length = starts.length = at
      },
      ontext(text) {
        if (stack.length === 0 && text.trim() !== '') topLevelText = true
        const parent = stack[stack.length - 1]
        if ((parent === 'ul' || parent === 'ol') && text.trim() !== '')
          found.push(`text cannot sit directly inside <${parent}>; wrap it in <li>`)
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: false },
  )
  parser.write(html)
  parser.end()
  if (topLevelBlock && topLevelText) found.push('text sits beside a list or paragraph; make each its own item')
  return [...new Set(found)]
}

/** The longest text node the markup parses into, in characters; text never grows by decoding its entities. */
export function longestTextRun(html: string): number {
  if (!needsParsing(html)) return html.length
  // Parsed as a stream, not a tree: markup nested past any limit must not exhaust the call stack.
  // The parser hands one text over in pieces; any tag or comment ends it.
  let longest = 0
  let run = 0
  const end = () => {
    longest = Math.max(longest, run)
    run = 0
  }
  const parser = new Parser(
    {
      ontext: (text) => void (run += text.length),
      onopentag: end,
      onclosetag: end,
      oncomment: end,
      onprocessinginstruction: end,
    },
    { decodeEntities: true },
  )
  parser.write(html)
  parser.end()
  end()
  return longest
}

/** Every href in the markup, as written. */
export function markupLinks(html: string): string[] {
  if (!html.includes('<a')) return []
  const links: string[] = []
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === 'a' && attrs.href !== undefined) links.push(attrs.href.trim())
    },
  })
  parser.write(html)
  parser.end()
  return links
}

/** The same type for the generated content types, so the browser's renderer and this file agree. */
export const MARKUP_NODE_TS = `/** Checked markup, parsed at build time: text, or [tag, attributes or 0, ...children]. */
export type MarkupNode = string | [tag: string, attrs: Record<string, string> | 0, ...children: MarkupNode[]]
/** One markup field after the build: its blocks (<p>, <ul>, <ol>), each a MarkupNode. */
export type MarkupBlocks = MarkupNode[]`

/**
 * Turns one checked markup string into the blocks a page renders: inline text is wrapped in <p>,
 * external links get rel="noopener noreferrer", and the result is parsed into MarkupNode trees.
 */
export function toMarkupBlocks(html: string): MarkupNode[] {
  const clean = isPlainMarkup(html) ? html : sanitizeMarkup(html).html
  const nodes = toBlocks(parseDocument(clean, { decodeEntities: true }).children)
  const addRel = (node: MarkupNode): MarkupNode => {
    if (typeof node === 'string') return node
    const [tag, attrs, ...children] = node
    const external = tag === 'a' && attrs !== 0 && /^https?:/i.test(attrs.href ?? '')
    return [tag, external ? { ...(attrs as Record<string, string>), rel: 'noopener noreferrer' } : attrs, ...children.map(addRel)]
  }
  return nodes.map(addRel)
}
