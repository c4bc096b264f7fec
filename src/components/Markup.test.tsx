import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Parser } from 'htmlparser2'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ALLOWED_TAGS, SAFE_HREF, toMarkupBlocks } from '../../checker/markup.ts'
import createDOMPurify from 'dompurify'
import { JSDOM } from 'jsdom'
import { sanitizeHtml } from '../features/blog/html-body'
import { PURIFY_CONFIG, toBlocks } from '../core/markup-html'
import type { MarkupNode } from '../core/markup-policy'
import { Markup, MarkupList } from './Markup'

const corpus = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../checker/__fixtures__/xss/dompurify-vectors.json'), 'utf8'),
) as { title: string; payload: string }[]

/** The whole markup path as a page gets it: YAML text → sanitize → parse → React → HTML. */
const render = (markup: string) => renderToStaticMarkup(<Markup blocks={toMarkupBlocks(markup)} />)

/** Every element and attribute of rendered HTML, read back with a real HTML parser. */
function elementsOf(html: string) {
  const found: { tag: string; attrs: Record<string, string> }[] = []
  const parser = new Parser({ onopentag: (tag, attrs) => found.push({ tag, attrs }) })
  parser.write(html)
  parser.end()
  return found
}

/** Rendered HTML holds only allow-listed tags, href (checked) and the rel the renderer adds. */
function expectOnlyAllowed(html: string) {
  for (const { tag, attrs } of elementsOf(html)) {
    expect(ALLOWED_TAGS as readonly string[]).toContain(tag)
    for (const [name, value] of Object.entries(attrs)) {
      expect(['href', 'rel']).toContain(name)
      if (name === 'href') expect(value).toMatch(SAFE_HREF)
    }
  }
}

const renderNodes = (blocks: unknown) => renderToStaticMarkup(<Markup blocks={blocks as MarkupNode[]} />)

const a = (href: string) => ['a', { href }, 'x']
/** Hrefs a browser would follow to script, data or another site, spelled the ways filters miss. */
const hostileHrefs = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  '\u0000javascript:alert(1)',
  'javascript\u0000:alert(1)',
  '&#106;avascript:alert(1)',
  'javascript&colon;alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD4=',
  'vbscript:msgbox(1)',
  '//evil.example/',
  '/\\evil.example/',
  '/\t/evil.example/',
  '\\\\evil.example',
  'file:///etc/passwd',
  'blob:https://x/1',
  'ftp://x/',
]

describe('Markup against hostile node trees', () => {
  it.each([
    ['script', ['script', 0, 'alert(1)'], ''],
    ['style', ['style', 0, 'body{display:none}'], ''],
    ['iframe srcdoc', ['iframe', { srcdoc: '<script>alert(1)</script>' }], ''],
    ['base', ['base', { href: 'https://evil.example/' }], ''],
    ['meta refresh', ['meta', { 'http-equiv': 'refresh', content: '0;url=https://evil.example/' }], ''],
    ['password form', ['form', { action: 'https://evil.example/' }, ['input', { type: 'password', name: 'pw' }], 'Log in'], ''],
    ['svg', ['svg', { onload: 'alert(1)' }, ['script', 0, 'alert(1)']], ''],
    ['math', ['math', 0, ['mtext', 0, 'x']], ''],
    ['object', ['object', { data: 'javascript:alert(1)' }], ''],
    ['img onerror', ['img', { src: 'x', onerror: 'alert(1)' }], ''],
    ['link stylesheet', ['link', { rel: 'stylesheet', href: 'https://evil.example/x.css' }], ''],
    ['template', ['template', 0, ['b', 0, 'hidden']], ''],
    ['span keeps its text', ['span', { style: 'color:red' }, 'kept'], 'kept'],
    ['div keeps formatted text', ['div', { onclick: 'alert(1)' }, ['b', 0, 'bold']], '<b>bold</b>'],
    ['on* on an allowed tag', ['b', { onclick: 'alert(1)', onmouseover: 'alert(1)' }, 'b'], '<b>b</b>'],
    ['style on an allowed tag', ['p', { style: 'position:fixed;inset:0', class: 'x', id: 'main' }, 'p'], '<p>p</p>'],
    [
      'dangerouslySetInnerHTML as attribute',
      ['p', { dangerouslySetInnerHTML: { __html: '<img src=x onerror=alert(1)>' } }],
      '<p></p>',
    ],
    ['children as attribute', ['b', { children: 'ignored' }, 'real'], '<b>real</b>'],
    ['srcdoc on an allowed tag', ['a', { href: '/blog', srcdoc: '<script>alert(1)</script>' }, 'l'], '<a href="/blog">l</a>'],
    ['uppercase tag', ['SCRIPT', 0, 'alert(1)'], ''],
    ['attrs not an object', ['a', 'javascript:alert(1)', 'l'], '<a>l</a>'],
    ['tag not a string', [{ toString: () => 'script' }, 0, 'x'], ''],
    ['number and null nodes', ['p', 0, 5, null, true, { $$typeof: Symbol.for('react.element') }, 'ok'], '<p>ok</p>'],
  ])('%s', (_name, node, expected) => {
    const html = renderNodes([node])
    expect(html).toBe(expected)
    expectOnlyAllowed(html)
  })

  it.each(hostileHrefs.map((href) => [JSON.stringify(href), href]))('drops href %s and keeps the text', (_name, href) => {
    expect(renderNodes([a(href)])).toBe('<a>x</a>')
  })

  it.each([
    ['/blog/first-post', '<a href="/blog/first-post">x</a>'],
    ['#faq', '<a href="#faq">x</a>'],
    ['mailto:hello@corvane.example', '<a href="mailto:hello@corvane.example">x</a>'],
    ['tel:+15550100', '<a href="tel:+15550100">x</a>'],
    ['https://corvane.example/', '<a href="https://corvane.example/" rel="noopener noreferrer">x</a>'],
    [' https://corvane.example/\n', '<a href="https://corvane.example/" rel="noopener noreferrer">x</a>'],
  ])('keeps the safe href %s', (href, expected) => {
    expect(renderNodes([a(href)])).toBe(expected)
  })

  it('survives input that is not a list, and trees deeper than prose', () => {
    let deep: unknown = 'bottom'
    for (let i = 0; i < 10_000; i++) deep = ['b', 0, deep]
    expect(() => renderNodes([deep])).not.toThrow()
    for (const bad of [null, 7, 'text', { 0: 'script' }]) expect(renderNodes(bad)).toBe('')
    const list = renderToStaticMarkup(<MarkupList items={[null, [['b', 0, 'one']], 3] as unknown as MarkupNode[][]} />)
    expect(list).toBe('<b>one</b>')
  })
})

/** The browser's path for an HTML string from the API: DOMPurify, html-react-parser, the renderer. */
const purify = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis)
const renderHtml = (html: string) => renderToStaticMarkup(<Markup blocks={toBlocks(sanitizeHtml(html, PURIFY_CONFIG, purify))} />)

describe('HTML-string bodies against the public XSS corpus', () => {
  it.each(corpus.map((v) => [v.title, v.payload]))('%s', (_title, payload) => expectOnlyAllowed(renderHtml(payload)))

  it('keeps the safe part formatted, with router and external links', () => {
    expect(
      renderHtml(
        '<b onclick="alert(1)">bold</b> <a href="/blog">blog</a> <a href="https://x.example">out</a><script>alert(1)</script>',
      ),
    ).toBe('<p><b>bold</b> <a href="/blog">blog</a> <a href="https://x.example" rel="noopener noreferrer">out</a></p>')
    expect(renderHtml('<ul><li>one</li></ul><style>*{}</style><form><input type="password"></form>')).toBe(
      '<ul><li>one</li></ul>',
    )
  })
})

describe('markup path against the public XSS corpus', () => {
  it('has the whole corpus', () => expect(corpus.length).toBeGreaterThan(100))

  it.each(corpus.map((v) => [v.title, v.payload]))('%s', (_title, payload) => {
    expectOnlyAllowed(render(payload))
  })
})

describe('Markup', () => {
  it('renders site links through the router and marks external links', () => {
    const html = render(
      'See <a href="/ai/Ai-Consulting">consulting</a> or <a href="https://corvane.example/contact">contact</a>.',
    )
    expect(html).toBe(
      '<p>See <a href="/ai/Ai-Consulting">consulting</a> or <a href="https://corvane.example/contact" rel="noopener noreferrer">contact</a>.</p>',
    )
  })

  it('renders lists and line breaks as blocks', () => {
    expect(render('<ul><li>One<br>two</li></ul>')).toBe('<ul><li>One<br/>two</li></ul>')
  })

  it('escapes text that looks like markup once decoded', () => {
    expect(render('1 &lt; 2 &amp;&amp; <b>&lt;script&gt;</b>')).toBe('<p>1 &lt; 2 &amp;&amp; <b>&lt;script&gt;</b></p>')
  })
})
