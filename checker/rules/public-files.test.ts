import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../codegen/content.ts'
import { readSite } from '../../codegen/read-site.ts'
import { problemsOfPublicFile } from './public-files.ts'

/** A project whose public/ holds only `name` with `bytes`. */
function publicWith(name: string, bytes: string | Buffer) {
  const root = mkdtempSync(path.join(tmpdir(), 'public-files-'))
  mkdirSync(path.dirname(path.join(root, 'public', name)), { recursive: true })
  writeFileSync(path.join(root, 'public', name), bytes)
  return readSite(root).publicFiles!.flatMap(({ file, bytes }) => problemsOfPublicFile(file, bytes))
}

const script = '<script>alert(document.domain)</script>'
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

describe('files under public/ a browser would open as a document', () => {
  // [file, its bytes, how the message describes it]
  it.each([
    ['images/evil.html', `<!doctype html><p>hi</p>${script}`, 'is a web page (.html)'],
    ['EVIL.HTM', script, 'is a web page (.htm)'],
    ['images/page.xhtml', script, 'is a web page (.xhtml)'],
    ['ssi.shtml', script, 'is a web page (.shtml)'],
    ['evil.xml', `<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>`, 'is an XML document (.xml)'],
    ['style.xsl', '<xsl:stylesheet/>', 'is an XML document (.xsl)'],
    ['feed.rss', '<rss/>', 'is an XML document (.rss)'],
    ['saved.mht', 'MIME-Version: 1.0', 'is a web archive (.mht)'],
    ['images/drawing.svgz', Buffer.from([0x1f, 0x8b]), 'is a compressed SVG, which the check cannot read (.svgz)'],
    ['brochure.pdf', '%PDF-1.7', 'is a PDF document (.pdf)'],
    ['images/evil.png', `<!DOCTYPE HTML>${script}`, 'starts like a web page (<!DOCTYPE HTML), whatever its name says'],
    ['notes.txt', `\n\t  <html>${script}`, 'starts like a web page (<html), whatever its name says'],
    ['images/x.jpg', `${script}`, 'starts like a web page (<script), whatever its name says'],
    ['bom.txt', `\uFEFF<body onload=alert(1)>`, 'starts like a web page (<body), whatever its name says'],
    ['comment.webmanifest', '<!-- x -->', 'starts like a web page (<!--), whatever its name says'],
    [
      'data.json',
      '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"/>',
      'starts like an XML document, whatever its name says',
    ],
    ['no-extension', '%PDF-1.4', 'starts like a PDF document, whatever its name says'],
  ])('refuses %s', (name, bytes, what) => {
    expect(publicWith(name, bytes)).toEqual([
      {
        name: 'DocumentInPublic',
        file: `public/${name}`,
        line: 1,
        column: 1,
        field: '',
        message: `this file ${what}; a browser would open it as a document on the site's address, where a script in it could run`,
        hint: expect.stringContaining('public/ is for images and icons'),
      },
    ])
  })

  it.each([
    ['images/pages/photo.png', png],
    ['robots.txt', 'User-agent: *\nAllow: /\n'],
    ['site.webmanifest', '{"name": "Corvane"}'],
    ['images/brand.txt', '<brand> and <bold> are not tags a browser sniffs'],
    ['favicon.svg', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'],
  ])('accepts %s', (name, bytes) => {
    expect(publicWith(name, bytes)).toEqual([])
  })

  it('checks every SVG, in any folder', () => {
    expect(publicWith('icons/x.svg', `<svg xmlns="http://www.w3.org/2000/svg">${script}</svg>`)).toEqual([
      expect.objectContaining({ name: 'UnsafeSvg', file: 'public/icons/x.svg' }),
    ])
  })

  it('fails the content check, which said "content ok" before', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'public-check-'))
    for (const dir of ['content', 'schema', 'public']) cpSync(dir, path.join(root, dir), { recursive: true })
    writeFileSync(path.join(root, 'public/images/evil.html'), `<!doctype html>${script}`)
    writeFileSync(path.join(root, 'public/evil.xml'), `<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>`)
    writeFileSync(path.join(root, 'public/images/evil.js'), 'alert(document.domain)')
    expect(loadContent(root).problems.map((p) => [p.name, p.file])).toEqual([
      ['DocumentInPublic', 'public/evil.xml'],
      ['DocumentInPublic', 'public/images/evil.html'],
      ['ScriptInPublic', 'public/images/evil.js'],
    ])
  })
})

describe("scripts under public/, which every page lets run from the site's address", () => {
  // [file, how the message describes it]
  it.each([
    ['evil.js', 'is JavaScript (.js)'],
    ['images/evil.mjs', 'is JavaScript (.mjs)'],
    ['lib/evil.cjs', 'is JavaScript (.cjs)'],
    ['EVIL.JS', 'is JavaScript (.js)'],
    ['old.es', 'is JavaScript (.es)'],
    ['old.ecma', 'is JavaScript (.ecma)'],
    ['widget.jsx', 'is JavaScript (JSX) (.jsx)'],
    ['widget.ts', 'is TypeScript (.ts)'],
    ['widget.mts', 'is TypeScript (.mts)'],
    ['widget.cts', 'is TypeScript (.cts)'],
    ['widget.tsx', 'is TypeScript (TSX) (.tsx)'],
    ['images/x.png.js', 'is JavaScript (.js)'],
    ['module.wasm', 'is WebAssembly (.wasm)'],
  ])('refuses %s', (name, what) => {
    expect(publicWith(name, 'alert(document.domain)')).toEqual([
      {
        name: 'ScriptInPublic',
        file: `public/${name}`,
        line: 1,
        column: 1,
        field: '',
        message: `this file ${what}; served from the site's own address, it is a script every page's policy lets run, so one injected tag could load it`,
        hint: expect.stringContaining("The site's scripts are built from its source code"),
      },
    ])
  })

  it.each([['images/photo.json.png'], ['notes.txt'], ['site.webmanifest'], ['data.json']])('accepts %s', (name) => {
    expect(publicWith(name, '{"name": "Corvane"}')).toEqual([])
  })
})

describe('one file for public/, as an upload gives it', () => {
  const refused = (file: string, bytes: string) => problemsOfPublicFile(file, Buffer.from(bytes)).map((p) => p.name)

  it.each([
    ['public/images/evil.js', 'alert(1)', ['ScriptInPublic']],
    ['public/images/evil.html', '<p>hi</p>', ['DocumentInPublic']],
    ['public/images/evil.png', `<!doctype html>${script}`, ['DocumentInPublic']],
    ['public/images/bom.png', `\uFEFF<html>${script}`, ['DocumentInPublic']],
    ['public/images/evil.svg', `<svg xmlns="http://www.w3.org/2000/svg">${script}</svg>`, ['UnsafeSvg']],
    ['public/images/photo.png', png.toString('latin1'), []],
    ['public/images/plain.svg', '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>', []],
  ])('%s', (file, bytes, names) => {
    expect(refused(file, bytes)).toEqual(names)
  })
})
