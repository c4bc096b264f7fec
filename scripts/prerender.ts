import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { SiteManifest } from '../src/core/manifest.ts'
import { isLandingRoute, pageDataFile } from '../src/core/routes.ts'
import { DEFERRED_SCRIPTS_ID } from '../src/lib/theme.ts'
import { headScript } from './head-scripts.ts'
import type { HeadContext, SiteDataState } from '../src/app/entry-server.tsx'

/** What the server-render bundle exports: the module src/app/entry-server.tsx, built by Vite, loaded here. */
type ServerEntry = typeof import('../src/app/entry-server.tsx')

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
}

/** Every chunk a module needs, itself first, for modulepreload links. */
function chunkClosure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key]
  if (!chunk || seen.has(key)) return []
  seen.add(key)
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunkClosure(manifest, k, seen))]
}

export interface PrerenderOptions {
  root: string
  outDir: string
  /** The server-render bundle; a new `?build=` query per build, so Node evaluates it afresh. */
  ssrEntry: string
  /** The client build's index.html, with its script and stylesheet tags. */
  template: string
  /** Every route, and the blogs and site address they show. */
  manifest: SiteManifest
  /** The routes to render (all when absent): the others' HTML is kept from an earlier build. */
  render?: readonly SiteManifest['routes'][number][]
  /** The version in the addresses of the page data files. */
  pageDataVersion: string
}

/**
 * Renders every route into its own HTML file: full content, head tags, inlined CSS (one round trip
 * to first paint) and a modulepreload of the page's own chunk.
 */
export async function prerender(options: PrerenderOptions): Promise<{ route: string; file: string; bytes: number }[]> {
  const { root, outDir } = options
  const { blogs, siteUrl } = options.manifest
  const routes = options.render ?? options.manifest.routes
  if (routes.length === 0) return []
  const entry = (await import(options.ssrEntry)) as ServerEntry
  const { template } = options
  const deferredScriptsLoader = await headScript('deferredScripts', root)
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>

  // The whole stylesheet is small enough to inline: the first paint then needs no second request.
  const cssFiles = Object.values(manifest).flatMap((c) => (c.isEntry ? (c.css ?? []) : []))
  const css = (await Promise.all(cssFiles.map((f) => readFile(path.join(outDir, f), 'utf8')))).join('\n')
  let shell = template
  for (const file of cssFiles) shell = shell.replace(new RegExp(`\\s*<link rel="stylesheet"[^>]*href="/${file}"[^>]*>`), '')
  shell = shell.replace('</head>', `  <style>${css}</style>\n  </head>`)
  // The entry script and its preloads move into an inert template that a tiny loader starts after
  // the first paint (src/lib/theme.ts): the page paints from HTML and CSS alone.
  const scriptTags: string[] = []
  shell = shell.replace(/\s*<(script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g, (tag) => {
    scriptTags.push(tag.trim())
    return ''
  })

  // Chunks the template already loads: the entry and its static imports.
  const templateChunks = new Set(scriptTags.map((tag) => /(?:src|href)="\/([^"]+)"/.exec(tag)![1]))
  // The entry starts the site in steps through dynamic imports (src/app/entry-client.tsx): startup JS too.
  const entryChunks = Object.entries(manifest)
    .filter(([, c]) => c.isEntry)
    .flatMap(([key, c]) => [key, ...(c.dynamicImports ?? [])].flatMap((k) => chunkClosure(manifest, k)))

  const { company } = entry.site
  const headContext: HeadContext = {
    siteUrl,
    siteName: company.name,
    shareImage: company.shareImage,
    themeColor: '#1d4ed8',
    organization: {
      name: company.name,
      legalName: company.legalName,
      logo: company.logo,
      email: company.email,
      telephone: company.phone,
      address: company.address,
    },
  }
  const withBlogs: SiteDataState = { blogs, blogsLoading: false, projects: [] }
  const withoutBlogs: SiteDataState = { blogs: [], blogsLoading: true, projects: [] }
  // Landing pages show Recent Blogs in their HTML; they carry only what the cards need.
  const withRecentBlogs: SiteDataState = { blogs: entry.recentBlogsData(blogs), blogsLoading: false, projects: [] }
  const dataFor = (route: string) =>
    isLandingRoute(route) ? withRecentBlogs : route === '/blog' || route.startsWith('/blog/') ? withBlogs : withoutBlogs

  const renderRoute = async ({ route, file }: { route: string; file: string }) => {
    const data = dataFor(route)
    const { html, head } = await entry.render(route, data)
    if (!head) throw new Error(`${route} rendered no <DocumentHead>; every route must declare its title and description`)
    const sources = entry.routeSources(route === '/404' ? '/no-such-page' : route)
    for (const source of sources) {
      if (!manifest[source])
        throw new Error(`${route}: ${source} is not a chunk of this build; check the source given to lazyComponent`)
    }
    const pageChunks = sources.flatMap((source) => chunkClosure(manifest, source))
    if (isLandingRoute(route)) pageChunks.push(pageDataFile(route, options.pageDataVersion))
    const preloads = [...new Set([...entryChunks, ...pageChunks])]
      .filter((f) => !templateChunks.has(f) && f.endsWith('.js'))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
    const initialData = data.blogs.length
      ? `<script type="application/json" id="${entry.INITIAL_DATA_ID}">${entry.serializeInitialData(data)}</script>\n    `
      : ''
    // The entry script first, so it starts at once; the loader adds the preloads after it, one per task.
    const startup = [
      ...scriptTags.filter((t) => t.startsWith('<script')),
      ...scriptTags.filter((t) => t.startsWith('<link')),
      ...preloads,
    ]
    const deferred = `<template id="${DEFERRED_SCRIPTS_ID}">${startup.join('')}</template><script>${deferredScriptsLoader}</script>`
    // Replacement functions, so a "$&" or "$'" in the copy is text, not a replacement pattern.
    const document = shell
      .replace('<!--head-->', () => entry.renderHeadTags(head, headContext))
      .replace('<!--app-->', () => html)
      .replace('</body>', () => `  ${initialData}${deferred}\n  </body>`)
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true })
    await writeFile(path.join(outDir, file), document)
    return { route, file, bytes: Buffer.byteLength(document) }
  }

  // Several routes in flight: one renders while others wait on their chunk's import or their write.
  const written: { route: string; file: string; bytes: number }[] = new Array(routes.length)
  let next = 0
  const worker = async () => {
    for (let i = next++; i < routes.length; i = next++) written[i] = await renderRoute(routes[i])
  }
  await Promise.all(Array.from({ length: PRERENDER_CONCURRENCY }, worker))
  return written
}

/** Routes rendered at once: enough to keep the CPU busy during file and module I/O. */
const PRERENDER_CONCURRENCY = 8
