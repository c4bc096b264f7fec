/**
 * `npm run build`: the content checked and the code generated from it, the client bundle, the
 * server-render bundle, every route prerendered to dist/, the site manifest the server reads, hashed
 * assets precompressed. One process, so content is parsed and checked once per build.
 *
 * A build into a folder that holds an earlier build of the same code (scripts/build-state.ts) skips
 * both bundles and renders only the routes whose inputs changed: an edit to a page's copy rewrites
 * that page's HTML and data file.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { performance } from 'node:perf_hooks'
import { checkInParallel, contentChecks, loadContent, type PageEntry } from '../codegen/content.ts'
import { cacheFolder, filesUnder } from '../codegen/files.ts'
import { startWorker, type TsWorker } from '../codegen/worker.ts'
import { pageRoutesFromText, writeContentTypes, writeRouteTable } from '../codegen/generate.ts'
import { formatReport } from '../codegen/report.ts'
import { siteManifest } from '../codegen/site-manifest.ts'
import { setBuildContent, type BuildContent } from '../codegen/build-content.ts'
import { SITE_MANIFEST_PATH, type SiteManifest } from '../src/core/manifest.ts'
import { pageDataDir } from '../src/core/routes.ts'
import { blogApiSettings } from '../src/core/blog-api.ts'
import { takeLock } from './build-lock.ts'
import { codeKey, digest, readBuildState, writeBuildState, type RouteRecord } from './build-state.ts'
import { precompress } from './precompress.ts'
import { prerender } from './prerender.ts'
import { lastChanged, robotsTxt, sitemapXml } from './seo-files.ts'

let builds = 0

/** Names the output folder a build cache belongs to. */
const OUT_DIR_MARK = 'out-dir'

/** Removes the build caches of output folders that are gone, such as a test's temp folder. */
function pruneBuildCaches(cacheRoot: string) {
  if (!existsSync(cacheRoot)) return
  for (const name of readdirSync(cacheRoot)) {
    const dir = path.join(cacheRoot, name)
    try {
      const mark = path.join(dir, OUT_DIR_MARK)
      // A folder without its mark is either being made this moment or from an older build: give it an hour.
      const gone = existsSync(mark) ? !existsSync(readFileSync(mark, 'utf8')) : Date.now() - statSync(dir).mtimeMs > 3_600_000
      if (gone) rmSync(dir, { recursive: true, force: true })
    } catch {
      // Another build removed it first.
    }
  }
}

/**
 * The build's worker threads (scripts/build-worker.ts), one per core besides this one, started when
 * a phase first asks for them and kept to the end: they check content while this thread bundles,
 * then render routes beside it.
 */
function workerPool() {
  let workers: TsWorker[] | undefined
  return {
    start: () =>
      (workers ??= Array.from({ length: availableParallelism() - 1 }, () =>
        startWorker(new URL('./build-worker.ts', import.meta.url)),
      )),
    close: () => Promise.all((workers ?? []).map((w) => w.close())),
  }
}

export interface BuildOptions {
  outDir?: string
  quiet?: boolean
  /** Build everything, whatever an earlier build left in the output folder. */
  full?: boolean
  /** How many files to check, or routes to render, make it worth starting worker threads. */
  parallelFrom?: number
  /** Called once the content types (src/generated) are written, for work that reads them. */
  onGenerated?: () => void
}

/** Builds the site into its output folder (dist/ by default), one build per folder at a time. */
export async function buildSite(root: string, options: BuildOptions = {}) {
  const outDir = path.resolve(root, options.outDir ?? 'dist')
  const cacheDir = buildCacheDir(root, outDir)
  await mkdir(cacheDir, { recursive: true })
  const release = await takeLock(path.join(cacheDir, 'lock'), { what: path.relative(root, outDir) || outDir })
  try {
    return await buildInto(root, outDir, options)
  } finally {
    release()
  }
}

/** The bundles, the server render and the client's index.html of one output folder, kept for its next build. */
const buildCacheDir = (root: string, outDir: string) =>
  path.join(root, 'node_modules/.cache/site-build', digest(outDir).slice(0, 16))

async function buildInto(root: string, outDir: string, options: BuildOptions) {
  // Read first: a bad address stops the build before any work, naming the variable.
  const blogApi = blogApiSettings(process.env)
  const logLevel = options.quiet ? 'error' : 'warn'
  // Vite's build sets NODE_ENV to production when it is not set. Set first, so the server render
  // loads React's production build even when no bundle is made, and so do the worker threads,
  // which copy the environment as they start (React's development build renders a page in about
  // twice the time).
  process.env.NODE_ENV ??= 'production'
  // How long each phase took; the content check and the bundles overlap.
  const timings: Record<string, number> = { content: 0, client: 0, ssr: 0, prerender: 0, compress: 0 }
  const since = (start: number) => Math.round(performance.now() - start)
  const started = performance.now()

  const checksBefore = contentChecks.count
  const cacheDir = buildCacheDir(root, outDir)
  const cacheRoot = path.dirname(cacheDir)
  pruneBuildCaches(cacheRoot)
  await mkdir(outDir, { recursive: true })
  await mkdir(cacheDir, { recursive: true })
  await writeFile(path.join(cacheDir, OUT_DIR_MARK), outDir)
  const templateFile = path.join(cacheDir, 'template.html')
  const ssrFile = path.join(cacheDir, 'ssr/entry-server.js')
  const previous = options.full ? undefined : readBuildState(outDir)

  // Menus list every page by label and category, so the bundles depend on those two fields of each
  // page. Read from the files at once, they let the bundles build while the content is checked; the
  // checked content then confirms them, or the bundles are built again.
  const guessed = pageRoutesFromText(root)
  if (guessed) writeRouteTable(root, guessed)
  // The content types only matter to tsc (the server's compile, the typecheck): every bundle erases
  // them, so they are made while the bundles build.
  const typesWritten = writeContentTypes(root).then(() => options.onGenerated?.())
  // Awaited below; until then a failure must not count as unhandled.
  typesWritten.catch(() => undefined)
  let code = codeKey(root)
  /** Whether the earlier build's bundles fit the code with key `key`. */
  const bundlesKept = (key: string) => previous?.codeKey === key && existsSync(templateFile) && existsSync(ssrFile)
  const pagesByFile = new Map<string, PageEntry>()
  const buildContent: BuildContent = { pageData: (file) => pagesByFile.get(file)?.data, pageDataVersion: code.slice(0, 12) }
  setBuildContent(buildContent)
  const pool = workerPool()
  let removing: Promise<void> = Promise.resolve()
  let compressed: Promise<unknown> = Promise.resolve()
  let clientFiles = previous?.clientFiles ?? []

  /**
   * The client bundle and the server-render bundle, for the code as it is now. They replace the
   * earlier build's output, so no route of it is kept after this.
   */
  const bundle = async () => {
    buildContent.pageDataVersion = code.slice(0, 12)
    // The earlier build is moved aside and deleted while this one runs: deleting thousands of files
    // first would keep the build waiting on the disk.
    const old = path.join(cacheRoot, `old-${process.pid}-${builds}-${Date.now()}`)
    const bundleStart = performance.now()
    const moved = await rename(outDir, old).then(
      () => true,
      () => false,
    )
    if (moved) removing = Promise.all([removing, rm(old, { recursive: true, force: true })]).then(() => undefined)
    // Made again at once: a build cache whose output folder is missing is pruned by other builds.
    await mkdir(outDir, { recursive: true })
    const { build } = await import('vite')
    await build({ root, logLevel, build: { outDir, emptyOutDir: true } })
    clientFiles = filesUnder(outDir)
    await writeFile(templateFile, await readFile(path.join(outDir, 'index.html')))
    timings.client = since(bundleStart)
    const ssrStart = performance.now()
    // Compressed on the thread pool while the server bundle builds and the routes render.
    compressed = precompress(outDir, { cacheDir: cacheFolder(root, 'site-compressed') })
    // Built beside, then moved in whole: an interrupted build never leaves half a bundle to reuse.
    const building = path.join(cacheDir, `ssr-${process.pid}-${builds}`)
    await build({
      root,
      logLevel,
      build: {
        ssr: 'src/app/entry-server.tsx',
        outDir: building,
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        rolldownOptions: { output: { codeSplitting: false } },
      },
    })
    await rm(path.dirname(ssrFile), { recursive: true, force: true })
    await rename(building, path.dirname(ssrFile))
    timings.ssr = since(ssrStart)
  }

  try {
    // The content is checked on worker threads while this thread bundles, when the code read from
    // the files differs from the earlier build's; on its own otherwise. The results are written to
    // the disk cache in the background.
    const speculate = guessed !== undefined && !bundlesKept(code)
    const guessedCode = code
    let bundled = speculate ? bundle() : undefined
    // Awaited below; until then a failure must not count as unhandled.
    bundled?.catch(() => undefined)
    // This thread joins the check once the bundles are done.
    const checking = checkInParallel(root, { workers: pool.start, from: options.parallelFrom, joinWhen: bundled })
    const { written } = await checking.catch(async (error: unknown) => {
      await bundled?.catch(() => undefined)
      throw error
    })
    const content = loadContent(root)
    if (content.problems.length > 0) {
      await bundled?.catch(() => undefined)
      await compressed.catch(() => undefined)
      throw new Error(`content problems:\n${formatReport(content.problems, { github: false })}`)
    }
    for (const page of content.pages) pagesByFile.set(page.file, page)
    writeRouteTable(root, content.pages)
    code = codeKey(root)
    if (bundled && code !== guessedCode) {
      // The labels read from the files were not the checked ones: bundle again, once the first
      // bundling and its compression are done with the output folder.
      await bundled.catch(() => undefined)
      await compressed.catch(() => undefined)
      bundled = bundle()
    } else if (!bundled && !bundlesKept(code)) bundled = bundle()
    timings.content = since(started)
    await bundled
    const pageDataVersion = code.slice(0, 12)
    // What the earlier build left that this one keeps: nothing once this build bundled.
    const kept = bundled ? undefined : previous
    const prerenderStart = performance.now()
    // Each page's data file, written when the data or the code that reads it changed (by the thread
    // that renders the page: its HTML changes with it).
    const pageData: Record<string, string> = {}
    const pageDataWrites: string[] = []
    mkdirSync(path.join(outDir, pageDataDir(pageDataVersion)), { recursive: true })
    for (const page of content.pages) {
      pageData[page.route] = page.key
      if (kept?.pageData[page.route] !== page.key) pageDataWrites.push(page.route)
    }

    const siteUrl = (process.env.SITE_URL ?? String((content.site as { company: { url: string } }).company.url)).replace(
      /\/+$/,
      '',
    )
    const changed = lastChanged(root, content.files)
    const built = siteManifest(content, { siteUrl, blogApi })
    const manifest: SiteManifest = { ...built, routes: built.routes.map((r) => ({ ...r, lastmod: changed.get(r.source) })) }
    // A route's HTML is made from the code, the site address, the blog posts (listed on landing pages
    // and the blog) and, for a landing page, its data.
    const shared = digest(code, siteUrl, manifest.blogs)
    const routeKey = (route: string) => digest(shared, route, pageData[route] ?? '')
    const render = manifest.routes.filter((r) => kept?.routes[r.route]?.key !== routeKey(r.route))
    const rendered = await prerender(
      {
        root,
        outDir,
        ssrEntry: `${pathToFileURL(ssrFile).href}?build=${process.pid}-${++builds}`,
        template: await readFile(templateFile, 'utf8'),
        manifest,
        render,
        pageDataVersion,
        pageDataWrites,
      },
      { workers: pool.start, from: options.parallelFrom },
    )
    const routes: Record<string, RouteRecord> = {}
    for (const r of manifest.routes) if (kept?.routes[r.route]) routes[r.route] = kept.routes[r.route]
    for (const r of rendered) routes[r.route] = { key: routeKey(r.route), file: r.file, bytes: r.bytes }
    // Routes gone since the earlier build (a post removed) take their HTML with them.
    if (kept)
      for (const [route, record] of Object.entries(kept.routes))
        if (!manifest.routes.some((r) => r.route === route)) await rm(path.join(outDir, record.file), { force: true })
    timings.prerender = since(prerenderStart)

    const indexable = manifest.routes.filter((r) => r.indexable)
    await writeFile(
      path.join(outDir, 'sitemap.xml'),
      sitemapXml(
        siteUrl,
        indexable.map((r) => ({ path: r.route, lastmod: r.lastmod })),
      ),
    )
    await writeFile(path.join(outDir, 'robots.txt'), robotsTxt(siteUrl))
    await mkdir(path.dirname(path.join(outDir, SITE_MANIFEST_PATH)), { recursive: true })
    await writeFile(path.join(outDir, SITE_MANIFEST_PATH), JSON.stringify(manifest))
    // What is left of the compression, the old output's removal and the cache writes.
    const finishing = performance.now()
    await compressed
    await removing
    await typesWritten
    writeBuildState(outDir, { codeKey: code, clientFiles, routes, pageData })
    await written
    timings.compress = since(finishing)
    // Files whose checked result was not kept from an earlier build (node_modules/.cache/site-content).
    const checked = contentChecks.count - checksBefore
    const pages = manifest.routes.map((r) => ({ route: r.route, ...routes[r.route] }))
    return { pages, timings, outDir, checked, files: content.files.length, rendered: rendered.length, bundled: !kept }
  } finally {
    setBuildContent(undefined)
    await pool.close()
    await typesWritten.catch(() => undefined)
  }
}

/**
 * The server as JavaScript in build/ (tsconfig.server.json), emitted by tsc in its own process
 * beside the site build; tsc keeps a record of what it compiled (build/.tsbuildinfo) and does
 * little when nothing changed.
 */
async function compileServer(root: string): Promise<void> {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  // Everything tsconfig.server.json can include, and the compiler: when none of it changed since
  // the last compile, tsc would spend a second and a half finding that out.
  const inputs = digest(
    readFileSync(tsc),
    ...[
      'tsconfig.server.json',
      ...['server', 'src/core', 'src/generated'].flatMap((dir) => filesUnder(path.join(root, dir)).map((f) => `${dir}/${f}`)),
    ]
      .filter((f) => f.endsWith('.json') || f.endsWith('.ts'))
      .map((f) => `${f}\0${readFileSync(path.join(root, f), 'utf8')}`),
  )
  const stamp = path.join(root, 'build/.inputs')
  if (existsSync(path.join(root, 'build/server/main.js')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) return
  await new Promise<void>((resolve, reject) => {
    // Emit only: the types are checked by `npm run typecheck` (tsc -b, part of `npm test`), and the
    // emitted files are the same either way; checking cost 2.4 s of a 3.8 s compile.
    execFile(process.execPath, [tsc, '-p', 'tsconfig.server.json', '--noCheck'], { cwd: root }, (error, stdout, stderr) =>
      error ? reject(new Error(`tsc -p tsconfig.server.json --noCheck failed:\n${stdout}${stderr}`)) : resolve(),
    )
  })
  await writeFile(stamp, inputs)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now()
  // --full: build everything, as from a fresh clone. --server: also compile the server to build/.
  const full = process.argv.includes('--full')
  // The server includes the generated content types: it compiles once they are written.
  let server: Promise<void> = Promise.resolve()
  const onGenerated = () => {
    if (!process.argv.includes('--server')) return
    server = compileServer(process.cwd())
    // Awaited below; until then a failure must not count as unhandled.
    server.catch(() => undefined)
  }
  const { pages, timings, checked, files, rendered, bundled } = await buildSite(process.cwd(), { full, onGenerated }).catch(
    (error: Error) => {
      // A content problem is the editor's to fix: the report says where, a stack trace would not help.
      console.error(error.message)
      process.exit(1)
    },
  )
  await server.catch((error: Error) => {
    console.error(error.message)
    process.exit(1)
  })
  const total = Math.round(performance.now() - started)
  console.log(
    `build: ${pages.length} routes in dist/, ${rendered} rendered, in ${total} ms; ${files} content files, ${checked} checked ` +
      `(the rest as an earlier build checked them); ${bundled ? 'code bundled' : 'code unchanged, bundles kept'} (` +
      Object.entries(timings)
        .map(([k, v]) => `${k} ${v} ms`)
        .join(', ') +
      ')',
  )
}
