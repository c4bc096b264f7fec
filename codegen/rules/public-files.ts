import { closeSync, openSync, readFileSync, readSync } from 'node:fs'
import path from 'node:path'
import { reporter, type Problem, type Explained } from '../errors.ts'
import { filesUnder } from '../files.ts'
import { svgProblems } from '../svg.ts'
import { CONTENT_DIRS } from '../content-files.ts'
import { defineSiteRule } from './types.ts'

/** What this rule reports, and the hint for each: its part of the catalogue. */
const messages = {
  DocumentInPublic: (what: string): Explained => ({
    message: `this file ${what}; a browser would open it as a document on the site's address, where a script in it could run`,
    hint: 'public/ is for images and icons. Publish a page as a YAML file under content/pages, and host other documents (HTML exports, XML, PDF) elsewhere and link to them.',
  }),
}

const problem = reporter(messages)

/**
 * Extensions a browser opens as a document rather than as an image: HTML and its server-side-include
 * spellings, XHTML and every XML kind (XML can hold XHTML <script>, and XSLT can make HTML), web
 * archives, compressed SVG (which the SVG check cannot read), and PDF. PDF too, though Chromium's
 * viewer runs little of a PDF's JavaScript: other viewers run more, and a PDF's forms and links act
 * with the site's address; the site has none, so one is refused rather than judged.
 */
const DOCUMENT_EXTENSIONS: Record<string, string> = {
  html: 'is a web page',
  htm: 'is a web page',
  shtml: 'is a web page',
  shtm: 'is a web page',
  stm: 'is a web page',
  xhtml: 'is a web page',
  xht: 'is a web page',
  xml: 'is an XML document',
  xsl: 'is an XML document',
  xslt: 'is an XML document',
  rss: 'is an XML document',
  atom: 'is an XML document',
  rdf: 'is an XML document',
  mht: 'is a web archive',
  mhtml: 'is a web archive',
  svgz: 'is a compressed SVG, which the check cannot read',
  pdf: 'is a PDF document',
}

/**
 * How a browser recognises a page or an XML or PDF document by its first bytes, whatever its name
 * says (the WHATWG MIME sniffing patterns for HTML, plus XML and PDF): leading whitespace and a
 * byte-order mark skipped, letters in any case.
 */
const DOCUMENT_START =
  /^(?:\xef\xbb\xbf)?[\t\n\f\r ]*(?:<(?:!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--)(?=[\s/>])|<\?xml|%PDF-)/i

/** Bytes enough to see any of DOCUMENT_START behind a run of whitespace. */
const SNIFF_BYTES = 1024

function firstBytes(file: string): string {
  const fd = openSync(file, 'r')
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES)
    return buffer.toString('latin1', 0, readSync(fd, buffer, 0, SNIFF_BYTES, 0))
  } finally {
    closeSync(fd)
  }
}

/** What a file's first bytes say it is, when that is a document. */
function sniffedDocument(start: string): string | undefined {
  const match = DOCUMENT_START.exec(start)?.[0]
    .replace(/^\xef\xbb\xbf/, '')
    .trimStart()
  if (!match) return undefined
  if (/^%PDF-/.test(match)) return 'a PDF document'
  if (/^<\?xml/i.test(match)) return 'an XML document'
  return `a web page (${match})`
}

/**
 * Every file under public/ is served on the site's address and can be opened on its own, used by
 * content or not: SVG must be a plain drawing (svgProblems), and nothing may be a document that a
 * browser renders, by its name or by its first bytes. The build writes its own documents (sitemap,
 * pages) into dist/, never here.
 */
export function publicFileProblems(root: string, publicDir: string): Problem[] {
  const found: Problem[] = []
  const full = path.join(root, publicDir)
  for (const name of filesUnder(full)) {
    const file = `${publicDir}/${name}`
    const at = { file, line: 1, column: 1, field: '' }
    const extension = /\.([^./]+)$/.exec(name)?.[1].toLowerCase() ?? ''
    if (extension === 'svg') {
      found.push(...svgProblems(file, readFileSync(path.join(full, name), 'utf8')))
      continue
    }
    if (Object.hasOwn(DOCUMENT_EXTENSIONS, extension)) {
      found.push(problem('DocumentInPublic', at, `${DOCUMENT_EXTENSIONS[extension]} (.${extension})`))
      continue
    }
    const sniffed = sniffedDocument(firstBytes(path.join(full, name)))
    if (sniffed) found.push(problem('DocumentInPublic', at, `starts like ${sniffed}, whatever its name says`))
  }
  return found
}

/** Every file the site serves from public/, used by content or not: any of them can be opened on its own. */
export const publicFiles = defineSiteRule({
  name: 'public-files',
  scope: 'site',
  // It reads public/, not the YAML.
  kinds: [],
  messages,
  check: ({ root }) => publicFileProblems(root, CONTENT_DIRS.public),
  docs: {
    DocumentInPublic: {
      means:
        'A file under public/ is a web page, an XML or PDF document, or starts like one under another name. Opened on its own it would run on the site’s address, so only images and icons may be there.',
      example: ['is a web page (.html)'],
    },
  },
})
