import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { blogRoute, listEntry } from '../src/core/blog.ts'
import type { Manifest } from 'vite'
import type { SiteManifest } from '../src/core/manifest.ts'
import { dataModule } from '../codegen/build-content.ts'
import { isLandingRoute, pageDataFile, POST_SHELL_ROUTE } from '../src/core/routes.ts'
import { DEFERRED_SCRIPTS_ID } from '../src/lib/theme.ts'
import { headScript } from './head-scripts.ts'
import type { HeadContext, SiteDataState } from '../src/app/entry-server.tsx'

/** What the server-render bundle exports: the module src/app/entry-server.tsx, built by Vite, loaded here. */
type ServerEntry = typeof import('../src/app/entry-server.tsx')

/** Every chunk a module needs, itself first, for modulepreload links. */
function chunkClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
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
  /** The routes to render: the others' HTML is kept from an earlier build. */
  render: readonly SiteManifest['routes'][number][]
  /** Each landing page's checked data, by file. */
  pageData: (file: string) => unknown
  /** The version in the addresses of the page data files. */
  pageDataVersion: string
  /** Landing routes whose data file is written beside their HTML: those whose data changed. */
  pageDataWrites: readonly string[]
}

/** One rendered route: its HTML file and size. */
export interface RenderedRoute {
  route: string
  file: string
  bytes: number
}

/**
 * A built module's text for an inline `<script type="module">`, whose base is the page's address: its
 * imports of sibling chunks become absolute, and its source-map comment goes (it would point nowhere).
 */
async function inlineModule(file: string, outDir: string): Promise<string> {
  const code = await readFile(path.join(outDir, file), 'utf8')
  const folder = path.posix.dirname(file)
  const text = code
    .replace(/\s*\/\/# sourceMappingURL=\S+\s*$/, '')
    .trim()
    .replace(/(["'`])\.\/([\w.-]+\.js)\1/g, (_, quote: string, name: string) => {
      if (!existsSync(path.join(outDir, folder, name))) throw new Error(`${file} imports ./${name}, which is not in ${folder}/`)
      return `${quote}/${folder}/${name}${quote}`
    })
  // The HTML parser would end the script at "</script" and treats "<!--" in it specially.
  if (/<\/script|<!--/i.test(text)) throw new Error(`${file} holds "</script" or "<!--" and cannot be inlined in a page`)
  if (/["'`]\.\.?\//.test(text)) throw new Error(`${file} still names a relative address after its imports were made absolute`)
  return text
}

/**
 * The client build's index.html made every page's shell: the stylesheet inlined (no second request before
 * the first paint), the entry script and its preloads taken out to start after it; and the startup chunks.
 */
async function pageShell(template: string, outDir: string, manifest: Manifest) {
  const cssFiles = Object.values(manifest).flatMap((c) => (c.isEntry ? (c.css ?? []) : []))
  const css = (await Promise.all(cssFiles.map((f) => readFile(path.join(outDir, f), 'utf8')))).join('\n')
  let shell = template
  for (const file of cssFiles) shell = shell.replace(new RegExp(`\\s*<link rel="stylesheet"[^>]*href="/${file}"[^>]*>`), '')
  // React puts a lazily loaded part's <link precedence> stylesheet after the last one marked
  // `data-precedence`; unmarked, the site's own would come after it and win where both set a property.
  shell = shell.replace('</head>', `  <style data-precedence="site">${css}</style>\n  </head>`)
  // The entry script and preloads move into a template a loader starts after the first paint (deferred-scripts.ts).
  const scriptTags: string[] = []
  shell = shell.replace(/\s*<(script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g, (tag) => {
    scriptTags.push(tag.trim())
    return ''
  })
  // Chunks the template already loads: the entry and its static imports.
  const templateChunks = new Set(scriptTags.map((tag) => /(?:src|href)="\/([^"]+)"/.exec(tag)![1]))
  // The entry is a few hundred bytes: inline, it costs the page no request of its own.
  for (const [i, tag] of scriptTags.entries()) {
    const entry = /^<script type="module"[^>]*src="\/([^"]+)"/.exec(tag)?.[1]
    if (entry) scriptTags[i] = `<script type="module">${await inlineModule(entry, outDir)}</script>`
  }
  // What the entry imports, statically or not (src/app/entry-client.tsx): startup JS too.
  const entryChunks = Object.entries(manifest)
    .filter(([, c]) => c.isEntry)
    .flatMap(([key, c]) => [key, ...(c.dynamicImports ?? [])].flatMap((k) => chunkClosure(manifest, k)))
  return { shell, scriptTags, templateChunks, entryChunks }
}

/** What the head tags of every page tell about the site and the company. */
function headContextOf({ company }: ServerEntry['site'], siteUrl: string): HeadContext {
  return {
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
}

/**
 * The data each route's HTML carries for its first render: the blog pages the post list without bodies
 * (a post page adds its own), landing pages only what the Recent Blogs cards need; the post shell none,
 * as a post still loading, so it hydrates for any address.
 */
function initialDataOf(entry: ServerEntry, blogs: SiteManifest['blogs']) {
  const withBlogs: SiteDataState = { blogs: blogs.map(listEntry), blogsLoading: false }
  const withoutBlogs: SiteDataState = { blogs: [], blogsLoading: true }
  const posts = new Map(blogs.map((blog) => [blogRoute(blog.custom_url), blog]))
  const withRecentBlogs: SiteDataState = { blogs: entry.recentBlogsData(blogs), blogsLoading: false }
  return (route: string): SiteDataState => {
    if (isLandingRoute(route)) return withRecentBlogs
    if (route === '/blog') return withBlogs
    const post = route === POST_SHELL_ROUTE ? undefined : posts.get(route)
    return post ? { ...withBlogs, bodies: { [post.custom_url]: { description: post.description } } } : withoutBlogs
  }
}

/**
 * Renders `options.render` into HTML files, writing each as it is done: full content, head tags, inlined
 * CSS and modulepreloads of the page's chunks. One thread: worker threads did not pay on 2 cores.
 */
export async function prerender(options: PrerenderOptions): Promise<RenderedRoute[]> {
  const { root, outDir, render: routes } = options
  const { blogs, siteUrl } = options.manifest
  if (routes.length === 0) return []
  const entry = (await import(options.ssrEntry)) as ServerEntry
  entry.setPageData(options.pageData)
  const deferredScriptsLoader = await headScript('deferredScripts', root)
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const { shell, scriptTags, templateChunks, entryChunks } = await pageShell(options.template, outDir, manifest)
  const headContext = headContextOf(entry.site, siteUrl)
  const dataFor = initialDataOf(entry, blogs)
  const made = new Set<string>()
  const dataWrites = new Set(options.pageDataWrites)
  const written: RenderedRoute[] = []
  for (const { route, file } of routes) {
    const data = dataFor(route)
    const { html, head } = await entry.render(route, data)
    // A landing page's view: inline for its islands, and the data file the browser loads on moving to the page.
    const view = isLandingRoute(route) ? await entry.landingView(route) : undefined
    if (!head) throw new Error(`${route} rendered no <DocumentHead>; every route must declare its title and description`)
    const sources = entry.routeSources(route === '/404' ? '/no-such-page' : route)
    for (const source of sources)
      if (!manifest[source])
        throw new Error(`${route}: ${source} is not a chunk of this build; check the source given to lazyComponent`)
    const pageChunks = sources.flatMap((source) => chunkClosure(manifest, source))
    const preloads = [...new Set([...entryChunks, ...pageChunks])]
      .filter((f) => !templateChunks.has(f) && f.endsWith('.js'))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
    const landing = view && { head: view.head, faq: view.faq }
    const initialData =
      data.blogs.length || landing
        ? `<script type="application/json" id="${entry.INITIAL_DATA_ID}">${entry.serializeInitialData({ ...data, landing })}</script>\n    `
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
    // Written at once: one thread writing whole files goes faster than many small asynchronous writes.
    const target = path.join(outDir, file)
    const dir = path.dirname(target)
    if (!made.has(dir)) mkdirSync(dir, { recursive: true })
    made.add(dir)
    writeFileSync(target, document)
    if (view && dataWrites.has(route))
      writeFileSync(path.join(outDir, pageDataFile(route, options.pageDataVersion)), dataModule(view))
    written.push({ route, file, bytes: Buffer.byteLength(document) })
  }
  return written
}
