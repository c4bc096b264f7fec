/**
 * What the rich-text widget stores: the editor's HTML through DOMPurify as the build and the site set
 * it up, then spelled as editors write it by hand, so an edit does not churn the rest of the paragraph.
 */
import type { DOMPurify } from 'dompurify'
import { PURIFY_CONFIG } from '../src/core/markup-html.ts'

/**
 * The browser's serialisation made plain again: a no-break space the editor typed between words is a
 * space, `&amp;` that starts no character reference is `&` ("R&D"), `&gt;` in text is `>`, a raw line
 * break (pasted text) is the space HTML reads it as, and the `<br>` a contenteditable leaves at the
 * end of its text is dropped.
 */
export function tidyMarkup(html: string): string {
  return html
    .replace(/[ \t]*(?:\r\n?|\n|\u2028|\u2029)[ \t]*/g, ' ')
    .replace(/(?<!&nbsp;| )&nbsp;(?!&nbsp;| )/g, ' ')
    .replace(/&amp;(?!#?[A-Za-z0-9]+;)/g, '&')
    .replace(/&gt;/g, '>')
    .replace(/(?:<br\s*\/?>)+$/, '')
}

/**
 * A line the browser wraps in a <div> of its own (each line of pasted text, in Chromium) as the line
 * break it is: the allow-list keeps no <div>, and dropping it alone would join two lines' words.
 */
const divsAsLineBreaks = (html: string) =>
  html
    .replace(/<div(?:\s[^>]*)?>/gi, '<br>')
    .replace(/<\/div>/gi, '')
    .replace(/^(?:<br>)+/, '')

/** The HTML to store for what the editor holds: only allowed tags and safe links, tidied. */
export function cleanMarkup(purify: DOMPurify, html: string): string {
  return tidyMarkup(String(purify.sanitize(divsAsLineBreaks(html), PURIFY_CONFIG)))
}

/**
 * `stored` (the file's spelling) after an edit that turned the editor's cleaned HTML `before` into
 * `after`: only the part that differs is replaced, so the rest keeps its own spelling (quotes,
 * entities); where that part cannot be found in `stored`, `after` whole.
 */
export function mergeEdit(stored: string, before: string, after: string): string {
  if (stored === before) return after
  let head = 0
  while (head < before.length && head < after.length && before[head] === after[head]) head++
  let tail = 0
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++
  const replaced = before.slice(head, before.length - tail)
  const inserted = after.slice(head, after.length - tail)
  // The edited part, found in the stored text by what follows it, or else by what precedes it.
  if (stored.endsWith(before.slice(before.length - tail))) {
    const end = stored.length - tail
    if (stored.slice(end - replaced.length, end) === replaced)
      return stored.slice(0, end - replaced.length) + inserted + stored.slice(end)
  }
  if (stored.startsWith(before.slice(0, head)) && stored.slice(head, head + replaced.length) === replaced)
    return stored.slice(0, head) + inserted + stored.slice(head + replaced.length)
  return after
}
