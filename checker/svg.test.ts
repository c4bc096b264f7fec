import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../codegen/content.ts'
import { svgProblems } from './svg.ts'

const svg = (body: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attributes}>\n${body}\n</svg>`

describe('SVG check', () => {
  it.each([
    ['a script element', svg('<script>alert(1)</script>'), /has a <script> element/],
    [
      'a prefixed script element',
      svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'),
      /has a <svg:script> element/,
    ],
    ['an upper-case script element', svg('<SCRIPT>alert(1)</SCRIPT>'), /<SCRIPT> element/],
    ['an onload handler on the root', svg('<rect/>', ' onload="alert(1)"'), /event handler \(onload\)/],
    ['an upper-case handler', svg('<rect ONCLICK="alert(1)"/>'), /event handler \(ONCLICK\)/],
    ['a namespaced handler', svg('<rect xlink:onmouseover="alert(1)"/>'), /event handler/],
    [
      'foreignObject',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
      /<foreignObject> element/,
    ],
    ['an iframe', svg('<iframe src="https://example.com"/>'), /<iframe> element/],
    ['an embed', svg('<embed src="x.swf"/>'), /<embed> element/],
    ['an object', svg('<object data="x.html"/>'), /<object> element/],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>'), /links to javascript:alert\(1\)/],
    [
      'a javascript: link hidden by entities and whitespace',
      svg('<a xlink:href="jav&#x09;ascript&#58;alert(1)"><rect/></a>'),
      /links to/,
    ],
    ['an outside image', svg('<image href="https://example.com/x.png"/>'), /links to https:\/\/example\.com\/x\.png/],
    ['an outside use', svg('<use xlink:href="other.svg#icon"/>'), /links to other\.svg#icon/],
    ['a protocol-relative link', svg('<a href="//example.com"><rect/></a>'), /links to \/\/example\.com/],
    ['a data: document', svg('<image href="data:text/html;base64,PHNjcmlwdD4="/>'), /links to data:text\/html/],
    [
      'an animation that makes a link',
      svg('<a><set attributeName="href" to="javascript:alert(1)"/><rect/></a>'),
      /animates href/,
    ],
    [
      'an animation that makes a handler',
      svg('<rect><animate attributeName="onclick" values="alert(1)"/></rect>'),
      /animates onclick/,
    ],
    [
      'CSS that loads a file',
      svg('<style>rect { fill: url(https://example.com/x.svg#p) }</style>'),
      /references https:\/\/example\.com\/x\.svg#p from CSS/,
    ],
    ['CSS that imports', svg('<style>@import "https://example.com/x.css";</style>'), /imports a stylesheet/],
    ['a style attribute that loads a file', svg('<rect style="background: url(x.png)"/>'), /references x\.png from CSS/],
  ])('rejects %s', (_what, text, message) => {
    const problems = svgProblems('public/images/x.svg', text)
    expect(problems.length).toBeGreaterThan(0)
    expect(problems[0]).toMatchObject({
      name: 'UnsafeSvg',
      file: 'public/images/x.svg',
      line: expect.any(Number),
      column: expect.any(Number),
    })
    expect(problems.map((p) => p.message).join('\n')).toMatch(message)
  })

  it.each([
    [
      'shapes and gradients',
      svg('<defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs><rect fill="url(#g)"/>'),
    ],
    ['a use of its own symbol', svg('<symbol id="s"><rect/></symbol><use href="#s"/><use xlink:href="#s"/>')],
    ['an inlined bitmap', svg('<image href="data:image/png;base64,iVBORw0KGgo="/>')],
    ['a style block with fragment urls', svg('<style>.a { fill: url(#g); }</style><rect class="a"/>')],
    ['an animation of a colour', svg('<rect><animate attributeName="fill" values="red;blue" dur="1s"/></rect>')],
  ])('accepts %s', (_what, text) => {
    expect(svgProblems('public/images/x.svg', text)).toEqual([])
  })

  it('locates the problem at the element in the file', () => {
    const [found] = svgProblems('public/images/x.svg', svg('<rect/>\n  <script>alert(1)</script>'))
    expect(found).toMatchObject({ line: 3, column: 3, field: 'script' })
  })

  it('passes every SVG the site ships', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : [path.join(dir, f)]))
    const files = walk('public').filter((f) => f.endsWith('.svg'))
    expect(files.length).toBeGreaterThan(20)
    for (const file of files) expect(svgProblems(file, readFileSync(file, 'utf8'))).toEqual([])
  })

  it('reports a scripted SVG in public/images through the content check, referenced or not', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'svg-check-'))
    for (const dir of ['content', 'schema', 'public']) cpSync(dir, path.join(root, dir), { recursive: true })
    writeFileSync(path.join(root, 'public/images/unused.svg'), svg('<rect/>', ' onload="fetch(`//example.com`)"'))
    const problems = loadContent(root).problems
    expect(problems).toEqual([
      expect.objectContaining({ name: 'UnsafeSvg', file: 'public/images/unused.svg', line: 1, column: 1 }),
    ])
  })
})
