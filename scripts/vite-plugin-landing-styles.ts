import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/** The landing layout: every stylesheet its modules import belongs to the site's one stylesheet. */
const LAYOUT = 'src/features/landing/LandingPage.tsx'
/** The site's one stylesheet: the page shell inlines it (scripts/prerender.ts), the form editor's preview links it. */
const SITE_STYLESHEET = 'src/styles/index.css'
const EMPTY = '\0landing-style:'

const COMMENTS = /\/\*[\s\S]*?\*\/|(^|[^:'"])\/\/.*$/gm
const STATIC_IMPORT = /^\s*(?:import\s*|(?:import|export)\b[^'"`;]*?\bfrom\s*)['"]([^'"]+)['"]/gm
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g

/** A relative module specifier as a file, as the bundler resolves it for our sources; undefined for a package or a virtual module. */
function resolveSource(specifier: string, importer: string) {
  if (!specifier.startsWith('.')) return undefined
  const base = path.resolve(path.dirname(importer), specifier)
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((file) =>
    statSync(file, { throwIfNoEntry: false })?.isFile(),
  )
}

/**
 * Every stylesheet the modules reachable from `entry` import, in the order the browser runs them:
 * static imports in source order, depth first, then what loads through a dynamic import.
 */
export function importedStylesheets(entry: string): string[] {
  const sheets: string[] = []
  const seen = new Set<string>()
  const later = [entry]
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    if (file.endsWith('.css')) {
      sheets.push(file)
      return
    }
    const code = readFileSync(file, 'utf8').replace(COMMENTS, '$1')
    const resolved = (re: RegExp) => [...code.matchAll(re)].flatMap((m) => resolveSource(m[1], file) ?? [])
    for (const dep of resolved(STATIC_IMPORT)) visit(dep)
    later.push(...resolved(DYNAMIC_IMPORT))
  }
  for (let next = later.shift(); next !== undefined; next = later.shift()) visit(next)
  return sheets
}

/**
 * The landing sections' styles (`import './Faq.css'` in each component) in every page's one stylesheet.
 * Left to Vite, a lazy chunk's stylesheet comes with the chunk: the prerendered HTML would paint those
 * sections unstyled and the form editor's preview would lack them. So a build appends them to index.css
 * and makes those imports empty modules; `npm run dev` keeps Vite's own handling.
 */
export function landingStyles(root: string): Plugin {
  const sheet = path.join(root, SITE_STYLESHEET)
  let styles: Set<string> | undefined
  const landingSheets = () => (styles ??= new Set(importedStylesheets(path.join(root, LAYOUT))))
  return {
    name: 'landing-styles',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      styles = undefined
    },
    resolveId(source, importer) {
      if (!importer || !source.endsWith('.css') || !/\.[jt]sx?$/.test(importer)) return
      const file = path.resolve(path.dirname(importer), source)
      // Not ending in .css: Vite's CSS plugins would take it for a stylesheet, and give its chunk an empty CSS file.
      return landingSheets().has(file) ? `${EMPTY}${file}.js` : undefined
    },
    load(id) {
      return id.startsWith(EMPTY) ? { code: '', moduleSideEffects: false } : undefined
    },
    transform(code, id) {
      // `?url` and `?raw` load as a module that exports a string; the stylesheet itself comes through here after.
      const [file, query = ''] = id.split('?')
      if (file !== sheet || /(^|&)(url|raw)(&|=|$)/.test(query)) return
      // CSS allows @import only before every rule: the sections' imports can follow only imports.
      const statements = code.replace(COMMENTS, '$1').split(';')
      if (statements.some((s) => s.trim() !== '' && !s.trim().startsWith('@import')))
        throw new Error(
          `${SITE_STYLESHEET} may hold only @import statements: the landing sections' styles are imported after them`,
        )
      const imports = [...landingSheets()].map(
        (file) => `@import '${path.relative(path.dirname(sheet), file).split(path.sep).join('/')}';`,
      )
      return { code: `${code}\n${imports.join('\n')}\n`, map: null }
    },
  }
}
