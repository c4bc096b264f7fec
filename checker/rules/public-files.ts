import { reporter, type Problem, type Explained } from '../errors.ts'
import { svgProblems } from '../svg.ts'
import { defineSiteRule } from './types.ts'

const messages = {
  DocumentInPublic: (what: string): Explained => ({
    message: `this file ${what}; a browser would open it as a document on the site's address, where a script in it could run`,
    hint: 'public/ is for images and icons. Publish a page as a YAML file under content/pages, and host other documents (HTML exports, XML, PDF) elsewhere and link to them.',
  }),
  ScriptInPublic: (what: string): Explained => ({
    message: `this file ${what}; served from the site's own address, it is a script every page's policy lets run, so one injected tag could load it`,
    hint: "public/ is for images and icons. The site's scripts are built from its source code (src/); remove this file, or host a download elsewhere and link to it.",
  }),
}

const problem = reporter(messages)

/** What each extension is, from the extensions (space-separated) of each kind. */
const byExtension = (kinds: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(kinds).flatMap(([what, extensions]) => extensions.split(' ').map((e) => [e, what])))

/**
 * Extensions a browser opens as a document, not an image: HTML, XML of every kind (XML can hold XHTML
 * <script>), web archives, compressed SVG, and PDF, whose scripts, forms and links some viewers run
 * with the site's address; the site has none, so one is refused rather than judged.
 */
const DOCUMENT_EXTENSIONS = byExtension({
  'is a web page': 'html htm shtml shtm stm xhtml xht',
  'is an XML document': 'xml xsl xslt rss atom rdf',
  'is a web archive': 'mht mhtml',
  'is a compressed SVG, which the check cannot read': 'svgz',
  'is a PDF document': 'pdf',
})

/**
 * Extensions a server, a CDN or Vite's dev server answers as a script (TypeScript too), and WebAssembly,
 * which a script runs: the pages' policy (script-src 'self') lets any of them run from the site's address.
 */
const SCRIPT_EXTENSIONS = byExtension({
  'is JavaScript': 'js mjs cjs es ecma',
  'is JavaScript (JSX)': 'jsx',
  'is TypeScript': 'ts mts cts',
  'is TypeScript (TSX)': 'tsx',
  'is WebAssembly': 'wasm',
})

/**
 * How a browser recognises a page or an XML or PDF document by its first bytes, whatever its name
 * says (the WHATWG MIME sniffing patterns for HTML, plus XML and PDF): leading whitespace and a
 * byte-order mark skipped, letters in any case.
 */
const DOCUMENT_START =
  /^(?:\xef\xbb\xbf)?[\t\n\f\r ]*(?:<(?:!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--)(?=[\s/>])|<\?xml|%PDF-)/i

/** Bytes enough to see any of DOCUMENT_START behind a run of whitespace: the first ones of a file other than SVG judge it. */
const SNIFF_BYTES = 1024

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
 * The problems of one file served from public/ (public/images/x.png), by its name and its bytes (an
 * SVG's all, any other's first SNIFF_BYTES): an SVG not a plain drawing, a document, a script.
 */
export function problemsOfPublicFile(file: string, bytes: Uint8Array): Problem[] {
  const at = { file, line: 1, column: 1, field: '' }
  const extension = /\.([^./]+)$/.exec(file)?.[1].toLowerCase() ?? ''
  if (extension === 'svg') return svgProblems(file, new TextDecoder().decode(bytes))
  if (Object.hasOwn(SCRIPT_EXTENSIONS, extension))
    return [problem('ScriptInPublic', at, `${SCRIPT_EXTENSIONS[extension]} (.${extension})`)]
  if (Object.hasOwn(DOCUMENT_EXTENSIONS, extension))
    return [problem('DocumentInPublic', at, `${DOCUMENT_EXTENSIONS[extension]} (.${extension})`)]
  const sniffed = sniffedDocument(String.fromCharCode(...bytes.subarray(0, SNIFF_BYTES)))
  return sniffed ? [problem('DocumentInPublic', at, `starts like ${sniffed}, whatever its name says`)] : []
}

/** Every file the site serves from public/, used by content or not: any of them can be opened on its own. */
export const publicFiles = defineSiteRule({
  name: 'public-files',
  // It reads public/, not the YAML.
  kinds: [],
  messages,
  check: ({ publicFiles = [] }) => publicFiles.flatMap(({ file, bytes }) => problemsOfPublicFile(file, bytes)),
  docs: {
    ScriptInPublic: {
      means:
        'A file under public/ is JavaScript, TypeScript or WebAssembly. The site would serve it as a script from its own address, which every page allows to run, so text injected into a page could load it.',
      example: ['is JavaScript (.js)'],
    },
    DocumentInPublic: {
      means:
        'A file under public/ is a web page, an XML or PDF document, or starts like one under another name. Opened on its own it would run on the site’s address, so only images and icons may be there.',
      example: ['is a web page (.html)'],
    },
  },
})
