import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyHelmetOptions } from '@fastify/helmet'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createLandingResolver, isLandingRoute } from '../src/core/routes.ts'
import { readSiteManifest } from './site-manifest.ts'

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
}

interface StaticFile {
  body: Buffer
  br?: Buffer
  gzip?: Buffer
  etag: string
  type: string
  /** Hashed build assets never change under their name; everything else is revalidated. */
  immutable: boolean
  /** Its Content-Security-Policy, when it is a page or an image. */
  policy?: CspDirectives
  /** That policy as helmet wrote it on the file's first answer, sent as is ever after. */
  policyHeader?: string
}

/** CSP directives as @fastify/helmet takes them. */
export type CspDirectives = Record<string, string[]>

/**
 * An image opened on its own (an SVG can carry script) runs nothing and loads nothing: the same
 * policy GitHub gives user content.
 */
const IMAGE_POLICY: CspDirectives = { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], sandbox: [] }

export interface StaticSiteOptions {
  distDir: string
  /** Headers of one HTML page (CSP and friends), given the page's own markup. */
  /** The Content-Security-Policy of one HTML page, given the page's own markup. */
  pagePolicy: (html: string) => CspDirectives
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
 * Serves the prerendered site from memory: one HTML file per route, precompressed variants chosen
 * by Accept-Encoding, strong ETags, a year of caching for hashed assets and revalidation for HTML.
 */
export async function staticSite(app: FastifyInstance, options: StaticSiteOptions) {
  const { distDir, pagePolicy } = options
  const manifest = readSiteManifest(distDir)
  // Dot-folders hold the build's own records (Vite's chunk manifest, ours), not the site.
  const names = walk(distDir).filter((f) => !f.endsWith('.br') && !f.endsWith('.gz') && !f.startsWith('/.'))
  const available = new Set(names)
  const cache = new Map<string, StaticFile>()
  const load = (name: string): StaticFile => {
    let file = cache.get(name)
    if (!file) {
      const full = path.join(distDir, name)
      const body = readFileSync(full)
      const type = MIME[path.extname(name)] ?? 'application/octet-stream'
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
        policy: type.startsWith('text/html')
          ? pagePolicy(body.toString('utf8'))
          : type.startsWith('image/')
            ? IMAGE_POLICY
            : undefined,
      }
      cache.set(name, file)
    }
    return file
  }

  const resolveLanding = createLandingResolver(manifest.routes.filter((r) => isLandingRoute(r.route)).map((r) => r.route))

  const send = async (request: FastifyRequest, reply: FastifyReply, name: string, status = 200) => {
    const file = load(name)
    if (file.policyHeader) reply.header('content-security-policy', file.policyHeader)
    else if (file.policy) {
      // helmet builds the header from the directives; a file's directives never change, so once is enough.
      await reply.helmet({ ...options.helmet, contentSecurityPolicy: { useDefaults: false, directives: file.policy } })
      file.policyHeader = String(reply.raw.getHeader('content-security-policy'))
    }
    // A page may use no powerful browser feature; helmet has no option for this header.
    if (file.type.startsWith('text/html'))
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    reply.code(status)
    reply.header('content-type', file.type)
    reply.header('etag', file.etag)
    reply.header('vary', 'Accept-Encoding')
    reply.header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate')
    if (status === 200 && request.headers['if-none-match'] === file.etag) return reply.code(304).send()
    const accepts = String(request.headers['accept-encoding'] ?? '')
    if (file.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(file.br)
    if (file.gzip && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(file.gzip)
    return reply.send(file.body)
  }

  /**
   * Where a path that is not a file leads. Every Location is a route of this site taken from the
   * build's own file list or route table, never the requested text, so no redirect can leave the site.
   */
  const locate = (pathname: string): { page: string } | { redirect: string; status: 301 | 302 } | undefined => {
    const trimmed = pathname.replace(/\/+$/, '') || '/'
    if (trimmed === '/ai') return { redirect: '/', status: 302 }
    if (trimmed.startsWith('/ai/')) {
      const resolution = resolveLanding(trimmed)
      if (resolution.kind === 'redirect') return { redirect: resolution.to, status: resolution.status }
      return resolution.route === pathname ? { page: `${resolution.route}.html` } : { redirect: resolution.route, status: 301 }
    }
    if (trimmed === '/' || trimmed === '/index.html')
      return trimmed === pathname ? { page: '/index.html' } : { redirect: '/', status: 301 }
    const file = `${trimmed}.html`
    if (trimmed === '/404' || !available.has(file)) return undefined
    return trimmed === pathname ? { page: file } : { redirect: trimmed, status: 301 }
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
      const target = locate(pathname)
      if (!target) return send(request, reply, '/404.html', 404)
      if ('page' in target) return send(request, reply, target.page)
      // The query is re-serialised by URL, so it is percent-encoded and cannot end the header.
      return reply.redirect(encodeURI(target.redirect) + (target.status === 301 ? url.search : ''), target.status)
    },
  })
}

/** C0 and C1 controls, DEL, backslash, and the Unicode line and paragraph separators. */
const UNSAFE_PATH = /[\u0000-\u001f\u007f-\u009f\\\u2028\u2029]/
