import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Parser } from 'htmlparser2'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { ALLOWED_TAGS, SAFE_HREF, toMarkupBlocks } from '../../codegen/markup.ts'
import { Markup } from './Markup'

const corpus = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../codegen/__fixtures__/xss/dompurify-vectors.json'), 'utf8'),
) as { title: string; payload: string }[]

/** The whole markup path as a page gets it: YAML text → sanitize → parse → React → HTML. */
const render = (markup: string) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <Markup blocks={toMarkupBlocks(markup)} />
    </MemoryRouter>,
  )

/** Every element and attribute of rendered HTML, read back with a real HTML parser. */
function elementsOf(html: string) {
  const found: { tag: string; attrs: Record<string, string> }[] = []
  const parser = new Parser({ onopentag: (tag, attrs) => found.push({ tag, attrs }) })
  parser.write(html)
  parser.end()
  return found
}

describe('markup path against the public XSS corpus', () => {
  it('has the whole corpus', () => expect(corpus.length).toBeGreaterThan(100))

  it.each(corpus.map((v) => [v.title, v.payload]))('%s', (_title, payload) => {
    const html = render(payload)
    for (const { tag, attrs } of elementsOf(html)) {
      expect(ALLOWED_TAGS as readonly string[]).toContain(tag)
      for (const [name, value] of Object.entries(attrs)) {
        expect(['href', 'rel']).toContain(name)
        if (name === 'href') expect(value).toMatch(SAFE_HREF)
      }
    }
  })
})

describe('Markup', () => {
  it('renders site links through the router and marks external links', () => {
    const html = render('See <a href="/ai/Ai-Consulting">consulting</a> or <a href="https://corvane.example/contact">contact</a>.')
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
