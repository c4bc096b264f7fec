import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../content.ts'
import { publicFileProblems } from './public-files.ts'

/** A project whose public/ holds only `name` with `bytes`. */
function publicWith(name: string, bytes: string | Buffer) {
  const root = mkdtempSync(path.join(tmpdir(), 'public-files-'))
  mkdirSync(path.dirname(path.join(root, 'public', name)), { recursive: true })
  writeFileSync(path.join(root, 'public', name), bytes)
  return publicFileProblems(root, 'public')
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
    expect(loadContent(root).problems.map((p) => [p.name, p.file])).toEqual([
      ['DocumentInPublic', 'public/evil.xml'],
      ['DocumentInPublic', 'public/images/evil.html'],
    ])
  })
})
