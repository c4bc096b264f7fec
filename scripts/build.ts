/**
 * `npm run build`: the client bundle, the server-render bundle, then every route prerendered to
 * dist/, hashed assets precompressed. One process, so content is parsed and checked once per build.
 */
import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { build } from 'vite'
import { loadContent, pageFileOf } from '../codegen/content.ts'
import { formatReport } from '../codegen/report.ts'
import { apiBlogs } from '../server/blogs.ts'
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

  const content = loadContent(root)
  if (content.problems.length > 0) {
    throw new Error(`content problems:\n${formatReport(content.problems, { github: false })}`)
  }
  lap('content')
  await build({ root, logLevel, build: { outDir, emptyOutDir: true } })
  lap('client')
  await build({
    root,
    logLevel,
    build: { ssr: 'src/app/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
  })
  lap('ssr')
  const siteUrl = (process.env.SITE_URL ?? String((content.site as { company: { url: string } }).company.url)).replace(/\/+$/, '')
  const pages = await prerender({ root, outDir, ssrEntry: path.join(ssrDir, 'entry-server.js'), blogs: apiBlogs(content), siteUrl })
  lap('prerender')
  const changed = lastChanged(root, content.files)
  const sourceOf = (route: string) =>
    route.startsWith('/ai/') ? pageFileOf(route) : route.startsWith('/blog/') ? `content/blogs/${route.slice(6)}.yaml` : 'content/site.yaml'
  const indexable = pages.filter((p) => p.route !== '/404' && p.route !== '/thank-you')
  await writeFile(path.join(outDir, 'sitemap.xml'), sitemapXml(siteUrl, indexable.map((p) => ({ path: p.route, lastmod: changed.get(sourceOf(p.route)) }))))
  await writeFile(path.join(outDir, 'robots.txt'), robotsTxt(siteUrl))
  await precompress(outDir)
  lap('compress')
  await rm(ssrDir, { recursive: true, force: true })
  return { pages, timings, outDir }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now()
  const { pages, timings } = await buildSite(process.cwd())
  const total = Math.round(performance.now() - started)
  console.log(
    `build: ${pages.length} routes prerendered to dist/ in ${total} ms (` +
      Object.entries(timings)
        .map(([k, v]) => `${k} ${v} ms`)
        .join(', ') +
      ')',
  )
}
