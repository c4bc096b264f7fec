import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin, Rollup, ViteDevServer } from 'vite'
import type { ContractTerms } from '../checker/terms.ts'
import { CONTENT_DIRS, contentKindOf } from '../checker/content-files.ts'
import { errorsAmong, type Problem } from '../checker/errors.ts'
import { loadContent } from './content.ts'
import { compileContentFile } from './file-results.ts'
import { readSiteIndex, toPosix, type CheckedSiteIndex } from './read-site.ts'
import { writeGenerated } from './generate.ts'
import { dataModule, isWords, wordsModule, type BuildContent } from './build-content.ts'
import { formatProblem } from '../checker/report.ts'
import { movesOf, type Redirect } from '../src/core/manifest.ts'
import { landingFileOf, landingRouteOf, PAGE_DATA_SPECIFIER, pageDataFile } from '../src/core/routes.ts'

/**
 * Imports of content YAML become checked, sanitized data modules: the browser never carries the YAML
 * parser or DOMPurify. A content problem fails the build, or shows in dev's overlay at file:line:column.
 * `site-part:<key>` imports one top-level key of content/site.yaml, so each key rides in the chunk of
 * the code that reads it; a key of words (`labels`) also exports each word by name (site-parts.d.ts).
 */
const SITE_PART = 'site-part:'
/** content/redirects.yaml, checked, for the browser's own moves to an old address. */
const SITE_REDIRECTS = 'site-content:redirects'

/**
 * The server-render bundle's store of page data, which the prerender fills before any page renders:
 * the bundle holds no page data, so a copy edit renders without bundling again.
 */
const PAGE_DATA_STORE_SPECIFIER = 'site-content:page-data'
const PAGE_DATA_STORE = `\0${PAGE_DATA_STORE_SPECIFIER}`

const pageDataStoreSource =
  'let read\nexport function setPageData(pageData) { read = pageData }\nexport const pageData = (file) => read(file)\n'

/** The server render's module for one page's data: it reads the store when it is first imported. */
const pageDataModuleSource = (file: string) =>
  `import { pageData } from ${JSON.stringify(PAGE_DATA_STORE)}\nexport default pageData(${JSON.stringify(file)})`

/**
 * The content plugin. A build passes what it checked (`build`): the browser loads each page's data from
 * a file outside the bundle, the server render from the build. In dev, a page's data is its YAML file.
 */
export function contentPlugin({ build }: { build?: BuildContent } = {}): Plugin {
  let root = process.cwd()
  let index: CheckedSiteIndex | undefined
  const siteIndex = () => (index ??= readSiteIndex(root))
  /** The contract terms pages insert, read from site.yaml once per build and again when it changes. */
  let terms: { value: ContractTerms | undefined } | undefined
  const siteTerms = () => {
    if (!terms) {
      const rel = CONTENT_DIRS.site
      const site = compileContentFile(rel, readFileSync(path.join(root, rel), 'utf8'), 'site', siteIndex()).data
      terms = { value: site?.terms as ContractTerms | undefined }
    }
    return terms.value
  }
  const regenerate = async (server: ViteDevServer) => {
    index = undefined
    terms = undefined
    const content = loadContent(root)
    const errors = errorsAmong(content.problems)
    if (errors.length > 0) {
      server.config.logger.error(errors.map(formatProblem).join('\n'))
      return
    }
    await writeGenerated(root, content.pages)
  }
  return {
    name: 'site-content',
    enforce: 'pre',
    configResolved(config) {
      root = config.root
    },
    buildStart() {
      index = undefined
      terms = undefined
    },
    resolveId: (id, _importer, options) => resolveContentId(id, root, build, options?.ssr === true),
    load(id) {
      if (id === PAGE_DATA_STORE) return { code: pageDataStoreSource, map: null }
      if (id.startsWith(`\0${PAGE_DATA_SPECIFIER}`)) {
        const file = landingFileOf(landingRouteOf(id.slice(PAGE_DATA_SPECIFIER.length + 1)))
        return { code: pageDataModuleSource(file), map: null }
      }
      const [file, query] = id.split('?')
      const rel = path.relative(root, file)
      const kind = contentKindOf(rel)
      if (!kind) return null
      this.addWatchFile(file)
      const { problems, data } = compileContentFile(
        toPosix(rel),
        readFileSync(file, 'utf8'),
        kind,
        siteIndex(),
        kind === 'site' ? undefined : siteTerms(),
      )
      const part = new URLSearchParams(query).get('part')
      // The browser needs where each old address leads, not the editors' notes on why.
      const served = kind === 'redirects' && data ? { redirects: movesOf(data.redirects as Redirect[]) } : data
      return { code: contentModule(file, problems, served, part, (error) => this.error(error)), map: null }
    },
    // In dev, what an edit under content/ or public/images means for the plugin.
    configureServer(server) {
      const contentDir = path.join(root, 'content')
      const publicImages = path.join(root, CONTENT_DIRS.public, 'images')
      server.watcher.add(contentDir)
      const onTreeChange = (file: string) => {
        if (file.startsWith(contentDir) && file.endsWith('.yaml')) void regenerate(server)
        if (file.startsWith(publicImages)) index = undefined
      }
      server.watcher.on('add', onTreeChange)
      server.watcher.on('unlink', onTreeChange)
      server.watcher.on('change', (file) => {
        const kind = contentKindOf(path.relative(root, file))
        // The contract terms pages insert come from site.yaml.
        if (kind === 'site') terms = undefined
        // A page's label or category also feeds the route manifest (menus, footer).
        if (kind === 'page') void regenerate(server)
      })
    },
  }
}

/** What the plugin's own imports resolve to: site.yaml's parts, the redirects, each page's data. */
function resolveContentId(id: string, root: string, build: BuildContent | undefined, ssr: boolean) {
  if (id === PAGE_DATA_STORE_SPECIFIER || id === PAGE_DATA_STORE) return PAGE_DATA_STORE
  if (id.startsWith(SITE_PART)) return `${path.join(root, CONTENT_DIRS.site)}?part=${id.slice(SITE_PART.length)}`
  if (id === SITE_REDIRECTS) return path.join(root, CONTENT_DIRS.redirects)
  if (!id.startsWith(PAGE_DATA_SPECIFIER)) return undefined
  const route = landingRouteOf(id.slice(PAGE_DATA_SPECIFIER.length))
  // The dev server loads the page file itself, so an edit reloads in place.
  if (!build) return path.join(root, landingFileOf(route))
  // The server render reads the build's checked data: the SSR bundle holds no page data.
  if (ssr) return `\0${id}`
  // The browser loads it from an address outside the bundle, written by the build.
  return { id: `/${pageDataFile(route, build.pageDataVersion)}`, external: true }
}

/** A content file as a module of checked data (one key of it for `site-part:`); a content error fails the build at its place. */
function contentModule(
  file: string,
  found: readonly Problem[],
  data: unknown,
  part: string | null,
  fail: Rollup.PluginContext['error'],
): string {
  const problems = errorsAmong(found)
  if (problems.length > 0) {
    const first = problems[0]
    fail({
      message: `content problem${problems.length > 1 ? 's' : ''}:\n${problems.map(formatProblem).join('\n')}`,
      id: file,
      loc: { file, line: first.line, column: first.column - 1 },
    })
  }
  if (part !== null && !(part in (data as object))) fail(`${SITE_PART}${part}: content/site.yaml has no key '${part}'`)
  const value = part === null ? data : (data as Record<string, unknown>)[part]
  return part !== null && isWords(value) ? wordsModule(value) : dataModule(value)
}
