import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyHelmetOptions } from '@fastify/helmet'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { negotiate } from '@fastify/accept-negotiator'
import type { BlogApiSettings } from '../src/core/blog-api.ts'
import type { SiteManifest } from '../src/core/manifest.ts'
import { isPostSlug } from '../src/core/check-blogs.ts'
import { createLandingResolver, isFrameRoute, isLandingRoute, POST_SHELL_ROUTE } from '../src/core/routes.ts'
import { createPostLookup, type PostAnswer } from './post-lookup.ts'

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  // The form editor's configuration and Decap's WebAssembly (/admin).
  '.yml': 'text/yaml; charset=utf-8',
  '.wasm': 'application/wasm',
}

/** The content type a file is served with, by its extension. */
export const contentTypeOf = (file: string) => MIME[path.extname(file)] ?? 'application/octet-stream'

interface StaticFile {
  body: Buffer
  br?: Buffer
  gzip?: Buffer
  etag: string
  type: string
  /** Hashed build assets never change under their name; everything else is revalidated. */
  immutable: boolean
  /** Its Content-Security-Policy: a page's own, or the one under which nothing runs. */
  policy: CspDirectives
  /** That policy as helmet wrote it on the file's first answer, sent as is ever after. */
  policyHeader?: string
}

/** CSP directives as @fastify/helmet takes them. */
export type CspDirectives = Record<string, string[]>

/** Every file that is not a prerendered page runs and loads nothing (an SVG or XML file can carry script). */
const NOTHING_RUNS: CspDirectives = { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], sandbox: [] }

/** The form editor's page (scripts/build-admin.ts writes it); only /admin/ serves it. */
const ADMIN_PAGE = '/admin/index.html'

/**
 * The form editor's policy: scripts from this server only (Decap's bundle is served here, no inline
 * script), the inline styles Decap injects, GitHub's API and avatars, and blob: and data: pictures.
 */
export const ADMIN_POLICY: CspDirectives = {
  defaultSrc: ["'self'"],
  // Decap checks its configuration with Ajv, which compiles the check to a function: no eval, no editor.
  scriptSrc: ["'self'", "'unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://avatars.githubusercontent.com', 'https://raw.githubusercontent.com'],
  // blob: is a picture the editor just uploaded: Decap reads it back from its object URL to save it.
  connectSrc: ["'self'", 'blob:', 'https://api.github.com'],
  fontSrc: ["'self'", 'data:'],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
}

export interface StaticSiteOptions {
  distDir: string
  /** The build's manifest of distDir: its routes are the pages, its blog API the one post look-ups ask. */
  content: Pick<SiteManifest, 'routes' | 'blogApi' | 'preview' | 'redirects'>
  /** The Content-Security-Policy of one prerendered page, given its markup and the blog API it calls. */
  pagePolicy: (html: string, blogApi: BlogApiSettings) => CspDirectives
  /** The app's helmet options, applied again with each page's or image's policy. */
  helmet: FastifyHelmetOptions
}

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    return e.isDirectory() ? walk(full, base) : ['/' + path.relative(base, full).split(path.sep).join('/')]
  })
}

const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/**
 * The inline scripts and style blocks of a prerendered page, hashed for its Content-Security-Policy,
 * so neither directive needs 'unsafe-inline'. Data blocks (JSON-LD) are not scripts and need none.
 */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    const type = /\btype="([^"]+)"/.exec(match[1])?.[1]
    if (type && type !== 'module' && type !== 'text/javascript') continue
    scripts.add(cspHash(match[2]))
  }
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) styles.add(cspHash(match[1]))
  return { scripts: [...scripts].sort(), styles: [...styles].sort() }
}

/**
 * Serves the prerendered site from memory, precompressed, with strong ETags, a year of caching for
 * hashed assets and revalidation for the rest. Only the manifest's routes are pages; any other file
 * is served under a policy that runs nothing, and an HTML file that is no route not at all.
 */
export async function staticSite(app: FastifyInstance, options: StaticSiteOptions) {
  const { distDir, pagePolicy, content: manifest } = options
  // A preview build (VITE_PREVIEW=1) tells search engines to keep every answer out of their index.
  if (manifest.preview) app.addHook('onRequest', async (_request, reply) => void reply.header('x-robots-tag', 'noindex'))
  // Dot-folders hold the build's own records (Vite's chunk manifest, ours), not the site.
  const names = walk(distDir).filter((f) => !f.endsWith('.br') && !f.endsWith('.gz') && !f.startsWith('/.'))
  const available = new Set(names)
  const pages = new Set(manifest.routes.map((r) => `/${r.file}`))
  const lookupPost = createPostLookup(manifest.blogApi, { warn: (message) => app.log.warn(message) })
  const cache = new Map<string, StaticFile>()
  const load = (name: string): StaticFile => {
    let file = cache.get(name)
    if (!file) {
      const full = path.join(distDir, name)
      const body = readFileSync(full)
      const type = contentTypeOf(name)
      // Precompressed by the build (assets), or compressed here once and kept (HTML and the rest).
      const compressible = body.length >= 1024 && /^(text\/|application\/(json|xml)|image\/svg)/.test(type)
      const variant = (ext: string, compress: (b: Buffer) => Buffer) =>
        existsSync(full + ext) ? readFileSync(full + ext) : compressible ? compress(body) : undefined
      file = {
        body,
        br: variant('.br', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })),
        gzip: variant('.gz', (b) => gzipSync(b, { level: 9 })),
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
        type,
        immutable: name.startsWith('/assets/'),
        policy: pages.has(name)
          ? pagePolicy(body.toString('utf8'), manifest.blogApi)
          : name === ADMIN_PAGE
            ? ADMIN_POLICY
            : NOTHING_RUNS,
      }
      cache.set(name, file)
    }
    return file
  }

  const resolveLanding = createLandingResolver(
    manifest.routes.filter((r) => isLandingRoute(r.route)).map((r) => r.route),
    servedRedirects(manifest),
  )

  const send = async (request: FastifyRequest, reply: FastifyReply, name: string, status = 200) => {
    const file = load(name)
    if (file.policyHeader) reply.header('content-security-policy', file.policyHeader)
    else {
      // helmet builds the header from the directives; a file's directives never change, so once is enough.
      await reply.helmet({ ...options.helmet, contentSecurityPolicy: { useDefaults: false, directives: file.policy } })
      file.policyHeader = String(reply.raw.getHeader('content-security-policy'))
    }
    // A page may use no powerful browser feature; helmet has no option for this header.
    if (file.type.startsWith('text/html'))
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    // The form editor is no page of the site; its GitHub sign-in popup must keep it as its opener.
    if (name.startsWith('/admin/')) reply.header('x-robots-tag', 'noindex, nofollow')
    if (name === ADMIN_PAGE) reply.header('cross-origin-opener-policy', 'same-origin-allow-popups')
    reply.code(status)
    reply.header('content-type', file.type)
    reply.header('etag', file.etag)
    reply.header('vary', 'Accept-Encoding')
    reply.header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate')
    if (status === 200 && request.headers['if-none-match'] === file.etag) return reply.code(304).send()
    // q-values count: an encoding the client refuses with q=0 is never sent.
    const kept = (['br', 'gzip'] as const).filter((name) => file[name])
    const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), kept)
    return encoding ? reply.header('content-encoding', encoding).send(file[encoding]) : reply.send(file.body)
  }

  /** Where a path that is not a file leads: every Location is a route of the build, never the requested text. */
  const locate = (
    pathname: string,
  ): { page: string } | { post: string } | { redirect: string; status: 301 | 302 } | undefined => {
    const trimmed = pathname.replace(/\/+$/, '') || '/'
    if (trimmed === '/ai') return { redirect: '/', status: 302 }
    if (trimmed.startsWith('/ai/')) {
      // A page in other letter case, or an old address, leads on for good (301); anything else goes home (302).
      const resolution = resolveLanding(trimmed)
      if (resolution.kind === 'redirect') return { redirect: resolution.to, status: resolution.status }
      return resolution.route === pathname ? { page: `${resolution.route}.html` } : { redirect: resolution.route, status: 301 }
    }
    if (trimmed === '/' || trimmed === '/index.html')
      return trimmed === pathname ? { page: '/index.html' } : { redirect: '/', status: 301 }
    const file = `${trimmed}.html`
    const slug = trimmed.startsWith('/blog/') ? trimmed.slice('/blog/'.length) : undefined
    // A post the build does not know may be one the company's API published since.
    if (slug !== undefined && isPostSlug(slug) && (!pages.has(file) || isFrameRoute(trimmed)))
      return trimmed === pathname ? { post: slug } : { redirect: trimmed, status: 301 }
    if (isFrameRoute(trimmed) || !pages.has(file)) return undefined
    return trimmed === pathname ? { page: file } : { redirect: trimmed, status: 301 }
  }

  /**
   * A post the build does not know gets the post shell, which shows the post or "not found" once the
   * API answers (the 404 page would not hydrate at a post's address): 200, 404, or 503 while it cannot say.
   */
  const STATUS: Record<PostAnswer, number> = { listed: 200, unlisted: 404, unavailable: 503 }
  const sendPost = async (request: FastifyRequest, reply: FastifyReply, slug: string) => {
    const answer = await lookupPost(slug)
    if (answer === 'unavailable') reply.header('retry-after', '60')
    return send(request, reply, `${POST_SHELL_ROUTE}.html`, STATUS[answer])
  }

  app.route({
    method: 'GET',
    url: '/*',
    handler: (request, reply) => {
      let url: URL
      let pathname: string
      try {
        url = new URL(request.url, 'http://site.invalid')
        pathname = decodeURIComponent(url.pathname)
      } catch {
        return reply.code(400).send({ error: 'Malformed address' })
      }
      // Control characters and line separators are never part of a route; they only smuggle headers.
      if (UNSAFE_PATH.test(pathname)) return reply.code(400).send({ error: 'Malformed address' })
      if (available.has(pathname) && !pathname.endsWith('.html')) return send(request, reply, pathname)
      if (available.has(ADMIN_PAGE) && (pathname === '/admin' || pathname === '/admin/'))
        return pathname === '/admin' ? reply.redirect('/admin/', 301) : send(request, reply, ADMIN_PAGE)
      const target = locate(pathname)
      if (!target) return send(request, reply, '/404.html', 404)
      if ('page' in target) return send(request, reply, target.page)
      if ('post' in target) return sendPost(request, reply, target.post)
      // The query is re-serialised by URL, so it is percent-encoded and cannot end the header.
      return reply.redirect(encodeURI(target.redirect) + (target.status === 301 ? url.search : ''), target.status)
    },
  })
}

/** The manifest's redirects to a route of the build: no other counts, so no Location can leave the site. */
function servedRedirects({ routes, redirects = [] }: Pick<SiteManifest, 'routes' | 'redirects'>) {
  const served = new Set(routes.filter((r) => !isFrameRoute(r.route)).map((r) => r.route))
  return redirects.filter((r) => served.has(r.to))
}

/** C0 and C1 controls, DEL, backslash, and the Unicode line and paragraph separators. */
const UNSAFE_PATH = /[\u0000-\u001f\u007f-\u009f\\\u2028\u2029]/
