import createDOMPurify from 'dompurify'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { isPlainMarkup, unsafeMarkupChanges } from '../checker/markup.ts'
import { cleanMarkup, mergeEdit, tidyMarkup } from './markup-html.ts'

const purify = createDOMPurify(new JSDOM('<!doctype html><body></body>').window as unknown as Window & typeof globalThis)

/** What a contenteditable holds after a user's edit: its innerHTML as a browser serialises it. */
const edited = (html: string) => {
  const body = new JSDOM('<!doctype html><body></body>').window.document.body
  body.innerHTML = html
  return body.innerHTML
}

describe('cleanMarkup', () => {
  it('keeps the allowed tags and safe links, and stores HTML, not Markdown', () => {
    const html =
      'We <b>build</b> and <i>ship</i>, <strong>fast</strong> <em>and</em> <a href="/ai/Ai-Consulting">well</a>.<br>Next line'
    expect(cleanMarkup(purify, html)).toBe(html)
    expect(cleanMarkup(purify, '<ul><li>One</li><li>Two</li></ul>')).toBe('<ul><li>One</li><li>Two</li></ul>')
  })

  it('removes what the content check would reject: scripts, handlers, unsafe links, other tags', () => {
    const dirty =
      '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">link</a> <span style="color:red">red</span> <img src=x onerror=alert(1)></p>'
    const clean = cleanMarkup(purify, dirty)
    expect(clean).toBe('<p>Hi <a>link</a> red </p>')
    expect(unsafeMarkupChanges(clean)).toEqual([])
  })

  it('writes back what editors wrote by hand after a browser edit', () => {
    // A paragraph through the browser's serialisation and back passes the check as it did.
    for (const stored of ['R&D teams &amp; partners', 'a > b', 'Cost: <b>$10,000</b> & up', "See <a href='/ai/x'>this</a>"])
      expect(unsafeMarkupChanges(cleanMarkup(purify, edited(stored))), stored).toEqual([])
    expect(isPlainMarkup(cleanMarkup(purify, edited("See <a href='/ai/x'>this</a>")))).toBe(true)
    expect(cleanMarkup(purify, edited('R&D teams'))).toBe('R&D teams')
    expect(cleanMarkup(purify, edited('a > b'))).toBe('a > b')
    expect(tidyMarkup('one&nbsp;two&nbsp;&nbsp;three<br>')).toBe('one two&nbsp;&nbsp;three')
    // A raw line break (pasted plain text) is the space the page shows, never a newline in the file.
    expect(tidyMarkup('one\ntwo \r\n three<br>four')).toBe('one two three<br>four')
    // Lines of pasted text, each in a <div> of the browser's: line breaks, not words run together.
    expect(cleanMarkup(purify, 'Pasted from Word<div>over two lines.</div>')).toBe('Pasted from Word<br>over two lines.')
    expect(cleanMarkup(purify, '<div>One</div><div>Two</div>')).toBe('One<br>Two')
  })

  it('changes the stored text only where the editor changed it', () => {
    const stored = "Start <a href='/ai/x'>here</a> and R&D. End."
    const before = cleanMarkup(purify, edited(stored))
    expect(before).toBe('Start <a href="/ai/x">here</a> and R&D. End.')
    // Typed at the end, in the middle, and a word made bold: the link keeps its single quotes.
    expect(mergeEdit(stored, before, `${before} More.`)).toBe(`${stored} More.`)
    expect(mergeEdit(stored, before, before.replace('R&D', 'R&amp;D work'))).toBe(stored.replace('R&D', 'R&amp;D work'))
    expect(mergeEdit(stored, before, before.replace('Start', '<b>Start</b>'))).toBe(stored.replace('Start', '<b>Start</b>'))
    // An edit that spans the differing spelling is stored as the editor's HTML.
    expect(mergeEdit(stored, before, 'All new')).toBe('All new')
  })
})
