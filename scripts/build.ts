/**
 * `npm run build`: content checked once, code generated, client and server-render bundles, every route
 * prerendered to dist/ with the site manifest, assets precompressed. Into a folder holding a build of the
 * same code (build-state.ts), both bundles are skipped and only the routes whose inputs changed render.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { performance } from 'node:perf_hooks'
import type { BuildEnvironmentOptions } from 'vite'
import { loadContent, type ContentSet } from '../codegen/content.ts'
import type { PageEntry } from '../checker/check-site.ts'
import { errorsAmong } from '../checker/errors.ts'
import { contentChecks } from '../codegen/file-results.ts'
import { filesUnder } from '../codegen/files.ts'
import { digest, storeEntry, storesFolder } from '../codegen/store.ts'
import { writeRouteTable } from '../codegen/generate.ts'
import { formatReport } from '../checker/report.ts'
import { siteManifest } from '../codegen/site-manifest.ts'
import type { BuildContent } from '../codegen/build-content.ts'
import { SITE_MANIFEST_PATH, type SiteManifest } from '../src/core/manifest.ts'
import { pageDataDir } from '../src/core/routes.ts'
import { blogApiSettings } from '../src/core/blog-api.ts'
import { isPreviewBuild } from '../src/core/preview-build.ts'
import { takeLock } from './build-lock.ts'
import { buildAdmin, writeSiteSnapshot } from './build-admin.ts'
import { compileServer } from './compile-server.ts'
import { codeKey, readBuildState, writeBuildState, type BuildState, type RouteRecord } from './build-state.ts'
import { precompress } from './precompress.ts'
import { prerender } from './prerender.ts'
import { hostRedirectsFile, lastChanged, previewHeadersFile, robotsTxt, sitemapEntries, sitemapXml } from './seo-files.ts'

let builds = 0

export interface BuildOptions {
  outDir?: string
  quiet?: boolean
  /** Build everything, whatever an earlier build left in the output folder. */
  full?: boolean
}

/** Builds the site into its output folder (dist/ by default), one build per folder at a time. */
export async function buildSite(root: string, options: BuildOptions = {}) {
  const outDir = path.resolve(root, options.outDir ?? 'dist')
  // Vite and React are found there too: without it nothing could be built.
  if (!existsSync(path.join(root, 'node_modules'))) throw new Error(`${root} has no node_modules: run \`npm ci\` first`)
  // Beside the stores, not in one: two builds with other environments share the output folder.
  await mkdir(storesFolder(root), { recursive: true })
  const lock = path.join(storesFolder(root), `${digest(outDir).slice(0, 16)}.lock`)
  const release = await takeLock(lock, { what: path.relative(root, outDir) || outDir })
  try {
    return await buildInto(root, outDir, options)
  } finally {
    release()
  }
}

async function buildInto(root: string, outDir: string, options: BuildOptions) {
  const build = await startBuild(root, outDir, options)
  const content = checkContent(build)
  const code = await generateCode(build, content)
  if (!bundlesKept(build, code)) await bundle(build)
  // The form editor at /admin (not in a pull request's preview): rebuilt when its code or the site's changes, else copied.
  if (!build.preview) {
    await buildAdmin(build.root, build.outDir, { code, quiet: build.options.quiet })
    await writeSiteSnapshot(content.source, build.outDir)
  }
  const site = await render(build, content, code)
  await writeSiteFiles(build, site.manifest)
  return await record(build, content, site, code)
}

/** What the phases of one build share: its folders, what an earlier build left, and work still under way. */
interface Build {
  root: string
  outDir: string
  options: BuildOptions
  /** The template and the server-render bundle of this build's code key, in the store. */
  templateFile: string
  ssrFile: string
  logLevel: 'error' | 'warn'
  /** The blog API's address, read before any work: a bad one stops the build, naming the variable. */
  blogApi: ReturnType<typeof blogApiSettings>
  /** A pull request's preview (VITE_PREVIEW=1): no form editor, and the manifest says so. */
  preview: boolean
  /** The earlier build's record, unless the build is full. */
  previous?: BuildState
  /** Whether this build made both bundles (and so rendered every route). */
  bundled: boolean
  clientFiles: string[]
  /** Each page's checked data by file, for the content plugin and the server render. */
  pagesByFile: Map<string, PageEntry>
  buildContent: BuildContent
  /** How long each phase took, in ms. */
  timings: Record<string, number>
  started: number
  checksBefore: number
  /** Work that goes on beside later phases; `record` waits for it. */
  pending: { compressed: Promise<unknown>; removing: Promise<void> }
}

const since = (start: number) => Math.round(performance.now() - start)

/** Folders made and the earlier build's record read. */
async function startBuild(root: string, outDir: string, options: BuildOptions): Promise<Build> {
  const blogApi = blogApiSettings(process.env)
  // As Vite's build would, but first: the render takes React's faster production build even without bundling.
  process.env.NODE_ENV ??= 'production'
  const started = performance.now()
  await mkdir(outDir, { recursive: true })
  const pagesByFile = new Map<string, PageEntry>()
  return {
    root,
    outDir,
    options,
    templateFile: '',
    ssrFile: '',
    logLevel: options.quiet ? 'error' : 'warn',
    blogApi,
    preview: isPreviewBuild(process.env),
    previous: options.full ? undefined : readBuildState(outDir),
    bundled: false,
    clientFiles: [],
    pagesByFile,
    buildContent: { pageData: (file) => pagesByFile.get(file)?.data, pageDataVersion: '' },
    timings: { content: 0, client: 0, ssr: 0, prerender: 0, compress: 0 },
    started,
    checksBefore: contentChecks.count,
    pending: { compressed: Promise.resolve(), removing: Promise.resolve() },
  }
}

/** Every content file loaded and checked. Any content error stops the build here; warnings do not. */
function checkContent(build: Build): ContentSet {
  const content = loadContent(build.root)
  if (errorsAmong(content.problems).length > 0) throw new Error(`content problems:\n${formatReport(content.problems)}`)
  return content
}

/** The route table from the checked pages, and the key of the code the bundles are made from. */
async function generateCode(build: Build, content: ContentSet): Promise<string> {
  for (const page of content.pages) build.pagesByFile.set(page.file, page)
  await writeRouteTable(build.root, content.pages)
  const code = codeKey(build.root)
  const bundles = storeEntry(build.root, `bundles-${code.slice(0, 16)}`)!
  build.templateFile = path.join(bundles, 'template.html')
  build.ssrFile = path.join(bundles, 'ssr/entry-server.js')
  build.buildContent.pageDataVersion = code.slice(0, 12)
  build.timings.content = since(build.started)
  return code
}

/** Whether the earlier build's bundles fit the code with key `code`. */
const bundlesKept = (build: Build, code: string) =>
  build.previous?.codeKey === code && existsSync(build.templateFile) && existsSync(build.ssrFile)

/** The client bundle and the server-render bundle; they replace the earlier build's output, routes and all. */
async function bundle(build: Build) {
  const { root, outDir } = build
  build.bundled = true
  // The earlier build is moved aside and deleted while this one runs: deleting thousands of files first would stall it.
  const old = path.join(storesFolder(root), `old-${process.pid}-${builds}-${Date.now()}`)
  const bundleStart = performance.now()
  const moved = await rename(outDir, old).then(
    () => true,
    () => false,
  )
  if (moved) build.pending.removing = rm(old, { recursive: true, force: true })
  const viteBuild = await viteBuilder(build)
  await viteBuild(false, { outDir, emptyOutDir: true })
  build.clientFiles = filesUnder(outDir)
  await mkdir(path.dirname(build.templateFile), { recursive: true })
  await writeFile(build.templateFile, await readFile(path.join(outDir, 'index.html')))
  build.timings.client = since(bundleStart)
  const ssrStart = performance.now()
  // Compressed on the thread pool while the server bundle builds and the routes render.
  build.pending.compressed = precompress(outDir)
  // Awaited by record; until then a failure must not count as unhandled.
  build.pending.compressed.catch(() => undefined)
  // Built beside, then moved in whole: an interrupted build never leaves half a bundle to reuse.
  const building = path.join(path.dirname(build.templateFile), `ssr-${process.pid}-${builds}`)
  await viteBuild(true, {
    ssr: 'src/app/entry-server.tsx',
    outDir: building,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    rolldownOptions: { output: { codeSplitting: false } },
  })
  await rm(path.dirname(build.ssrFile), { recursive: true, force: true })
  await rename(building, path.dirname(build.ssrFile))
  build.timings.ssr = since(ssrStart)
}

/** Vite with the site's config inline and this build's checked content: the plugins run in this module graph. */
async function viteBuilder({ root, logLevel, buildContent, blogApi }: Build) {
  const [{ build, mergeConfig }, { siteConfig }] = await Promise.all([import('vite'), import('./vite-config.ts')])
  return (isSsrBuild: boolean, options: BuildEnvironmentOptions) =>
    build(
      mergeConfig(siteConfig({ root, isSsrBuild, content: buildContent, blogApi }), {
        root,
        logLevel,
        configFile: false,
        build: options,
      }),
    )
}

/** The site's routes, and each one's HTML as this build made it or an earlier one kept it. */
interface RenderedSite {
  manifest: SiteManifest
  routes: Record<string, RouteRecord>
  /** Each landing page's data key, by route. */
  pageData: Record<string, string>
  rendered: number
}

/**
 * The routes whose inputs changed (all once this build bundled) rendered, with the data files of pages
 * whose data changed; the HTML of routes gone since is removed.
 */
async function render(build: Build, content: ContentSet, code: string): Promise<RenderedSite> {
  const { root, outDir } = build
  const { pageDataVersion } = build.buildContent
  // What the earlier build left that this one keeps: nothing once this build bundled.
  const kept = build.bundled ? undefined : build.previous
  const start = performance.now()
  // Each page's data file, written (with its HTML) when the data or the code that reads it changed.
  const pageData: Record<string, string> = {}
  const pageDataWrites: string[] = []
  mkdirSync(path.join(outDir, pageDataDir(pageDataVersion)), { recursive: true })
  for (const page of content.pages) {
    pageData[page.route] = page.key
    if (kept?.pageData[page.route] !== page.key) pageDataWrites.push(page.route)
  }
  const siteUrl = (process.env.SITE_URL ?? String((content.site as { company: { url: string } }).company.url)).replace(/\/+$/, '')
  const changed = lastChanged(root, content.files)
  const built = siteManifest(content, { siteUrl, blogApi: build.blogApi, preview: build.preview })
  const manifest: SiteManifest = { ...built, routes: built.routes.map((r) => ({ ...r, lastmod: changed.get(r.source) })) }
  // A route's HTML is made from the code, the site address, the blog posts and a landing page's data.
  const shared = digest(code, siteUrl, manifest.blogs)
  const routeKey = (route: string) => digest(shared, route, pageData[route] ?? '')
  const rendered = await prerender({
    root,
    outDir,
    ssrEntry: `${pathToFileURL(build.ssrFile).href}?build=${process.pid}-${++builds}`,
    template: await readFile(build.templateFile, 'utf8'),
    manifest,
    render: manifest.routes.filter((r) => kept?.routes[r.route]?.key !== routeKey(r.route)),
    pageData: build.buildContent.pageData,
    pageDataVersion,
    pageDataWrites,
  })
  const routes: Record<string, RouteRecord> = {}
  for (const r of manifest.routes) if (kept?.routes[r.route]) routes[r.route] = kept.routes[r.route]
  for (const r of rendered) routes[r.route] = { key: routeKey(r.route), file: r.file, bytes: r.bytes }
  // Routes gone since the earlier build (a post removed) take their HTML with them.
  if (kept)
    for (const [route, record] of Object.entries(kept.routes))
      if (!manifest.routes.some((r) => r.route === route)) await rm(path.join(outDir, record.file), { force: true })
  build.timings.prerender = since(start)
  return { manifest, routes, pageData, rendered: rendered.length }
}

/** The sitemap, robots.txt, _redirects, a preview build's _headers and the site manifest the server reads. */
async function writeSiteFiles({ outDir }: Build, manifest: SiteManifest) {
  await writeFile(path.join(outDir, 'sitemap.xml'), sitemapXml(manifest.siteUrl, sitemapEntries(manifest)))
  await writeFile(path.join(outDir, '_redirects'), hostRedirectsFile(manifest.redirects))
  await writeFile(path.join(outDir, 'robots.txt'), robotsTxt(manifest.siteUrl, { preview: manifest.preview }))
  if (manifest.preview) await writeFile(path.join(outDir, '_headers'), previewHeadersFile())
  else await rm(path.join(outDir, '_headers'), { force: true })
  await mkdir(path.dirname(path.join(outDir, SITE_MANIFEST_PATH)), { recursive: true })
  await writeFile(path.join(outDir, SITE_MANIFEST_PATH), JSON.stringify(manifest))
}

/** Waits for the work left (compression, the old output's removal), then records this build for the next. */
async function record(build: Build, content: ContentSet, site: RenderedSite, code: string) {
  const finishing = performance.now()
  await build.pending.compressed
  await build.pending.removing
  const clientFiles = build.bundled ? build.clientFiles : (build.previous?.clientFiles ?? [])
  writeBuildState(build.outDir, { codeKey: code, clientFiles, routes: site.routes, pageData: site.pageData })
  build.timings.compress = since(finishing)
  const { routes, manifest } = site
  return {
    pages: manifest.routes.map((r) => ({ route: r.route, ...routes[r.route] })),
    timings: build.timings,
    // Files whose checked result was not kept from an earlier build (the store's checked.db).
    checked: contentChecks.count - build.checksBefore,
    files: content.files.length,
    rendered: site.rendered,
    bundled: build.bundled,
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now()
  // A content problem is the editor's to fix: the report says where, a stack trace would not help.
  const fail = (error: Error) => {
    console.error(error.message)
    process.exit(1)
  }
  // --full: build everything, as from a fresh clone. --server: also compile the server to build/, beside.
  const server = process.argv.includes('--server') ? compileServer(process.cwd()) : Promise.resolve()
  // Awaited below; until then a failure must not count as unhandled.
  server.catch(() => undefined)
  const full = process.argv.includes('--full')
  const { pages, timings, checked, files, rendered, bundled } = await buildSite(process.cwd(), { full }).catch(fail)
  await server.catch(fail)
  console.log(
    `build: ${pages.length} routes in dist/, ${rendered} rendered, in ${since(started)} ms; ${files} content files, ${checked} checked ` +
      `(the rest as an earlier build checked them); ${bundled ? 'code bundled' : 'code unchanged, bundles kept'} (` +
      Object.entries(timings)
        .map(([k, v]) => `${k} ${v} ms`)
        .join(', ') +
      ')',
  )
}
