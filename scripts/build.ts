/**
 * `npm run build`: the content checked and the code generated from it, the client bundle, the
 * server-render bundle, every route prerendered to dist/, the site manifest the server reads, hashed
 * assets precompressed. One process, so content is parsed and checked once per build.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { build } from 'vite'
import { contentChecks, loadContent } from '../codegen/content.ts'
import { writeGenerated } from '../codegen/generate.ts'
import { formatReport } from '../codegen/report.ts'
import { builtBlogs, contentProjects, manifestRoutes } from '../codegen/site-manifest.ts'
import { SERVER_PAGE_DATA } from '../codegen/vite-plugin-content.ts'
import { SITE_MANIFEST_PATH, type SiteManifest } from '../src/core/manifest.ts'
import { precompress } from './precompress.ts'
import { prerender } from './prerender.ts'
import { lastChanged, robotsTxt, sitemapXml } from './seo-files.ts'

let builds = 0

export async function buildSite(root: string, options: { outDir?: string; quiet?: boolean } = {}) {
  const outDir = path.resolve(root, options.outDir ?? 'dist')
  // A fresh folder per build: Node caches imported modules by path, and one process may build twice.
  const ssrDir = path.resolve(root, `node_modules/.cache/ssr-${process.pid}-${++builds}`)
  const logLevel = options.quiet ? 'error' : 'warn'
  const timings: Record<string, number> = {}
  let t = performance.now()
  const lap = (name: string) => {
    const now = performance.now()
    timings[name] = Math.round(now - t)
    t = now
  }

  const checksBefore = contentChecks.count
  const content = loadContent(root)
  if (content.problems.length > 0) {
    throw new Error(`content problems:\n${formatReport(content.problems, { github: false })}`)
  }
  await writeGenerated(root, content.pages)
  lap('content')
  await build({ root, logLevel, build: { outDir, emptyOutDir: true } })
  lap('client')
  // The server render reads page data from this build's result (see the content plugin): one SSR
  // file, whatever the number of pages.
  const pageData = Symbol.for(SERVER_PAGE_DATA)
  ;(globalThis as Record<symbol, unknown>)[pageData] = Object.fromEntries(content.pages.map((p) => [p.file, p.data]))
  await build({
    root,
    logLevel,
    build: {
      ssr: 'src/app/entry-server.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  })
  lap('ssr')
  const siteUrl = (process.env.SITE_URL ?? String((content.site as { company: { url: string } }).company.url)).replace(/\/+$/, '')
  const changed = lastChanged(root, content.files)
  const manifest: SiteManifest = {
    siteUrl,
    routes: manifestRoutes(content).map((r) => ({ ...r, lastmod: changed.get(r.source) })),
    blogs: builtBlogs(content),
    projects: contentProjects(content),
  }
  const pages = await prerender({ root, outDir, ssrEntry: path.join(ssrDir, 'entry-server.js'), manifest })
  lap('prerender')
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
  await precompress(outDir)
  lap('compress')
  await rm(ssrDir, { recursive: true, force: true })
  delete (globalThis as Record<symbol, unknown>)[pageData]
  // Files whose checked result was not kept from an earlier build (node_modules/.cache/site-content).
  const checked = contentChecks.count - checksBefore
  return { pages, timings, outDir, checked, files: content.files.length }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now()
  const { pages, timings, checked, files } = await buildSite(process.cwd()).catch((error: Error) => {
    // A content problem is the editor's to fix: the report says where, a stack trace would not help.
    console.error(error.message)
    process.exit(1)
  })
  const total = Math.round(performance.now() - started)
  console.log(
    `build: ${pages.length} routes prerendered to dist/ in ${total} ms; ${files} content files, ${checked} checked (the rest as an earlier build checked them) (` +
      Object.entries(timings)
        .map(([k, v]) => `${k} ${v} ms`)
        .join(', ') +
      ')',
  )
}
