import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createLandingResolver } from '../src/lib/landing-path.ts'

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
}

export interface StaticSiteOptions {
  distDir: string
  /** Headers added to every HTML response (CSP and friends). */
  htmlHeaders: Record<string, string>
}

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    return e.isDirectory() ? walk(full, base) : ['/' + path.relative(base, full).split(path.sep).join('/')]
  })
}

/** Inline scripts of the prerendered HTML, hashed for the Content-Security-Policy (no 'unsafe-inline'). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    const type = /\btype="([^"]+)"/.exec(match[1])?.[1]
    if (type && type !== 'module' && type !== 'text/javascript') continue
    hashes.add(`'sha256-${createHash('sha256').update(match[2]).digest('base64')}'`)
  }
  return [...hashes].sort()
}

/**
 * Serves the prerendered site from memory: one HTML file per route, precompressed variants chosen
 * by Accept-Encoding, strong ETags, a year of caching for hashed assets and revalidation for HTML.
 */
export async function staticSite(app: FastifyInstance, options: StaticSiteOptions) {
  const { distDir, htmlHeaders } = options
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir} holds no built site: run \`npm run build\` first (npm start does it for you)`)
  }
  const names = walk(distDir).filter((f) => !f.endsWith('.br') && !f.endsWith('.gz') && !f.startsWith('/.vite/'))
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
      }
      cache.set(name, file)
    }
    return file
  }

  const pageRoutes = names.filter((n) => n.startsWith('/ai/') && n.endsWith('.html')).map((n) => n.slice(0, -'.html'.length))
  const resolveLanding = createLandingResolver(pageRoutes)

  const send = (request: FastifyRequest, reply: FastifyReply, name: string, status = 200) => {
    const file = load(name)
    reply.code(status)
    reply.header('content-type', file.type)
    reply.header('etag', file.etag)
    reply.header('vary', 'Accept-Encoding')
    reply.header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate')
    if (file.type.startsWith('text/html')) for (const [k, v] of Object.entries(htmlHeaders)) reply.header(k, v)
    if (status === 200 && request.headers['if-none-match'] === file.etag) return reply.code(304).send()
    const accepts = String(request.headers['accept-encoding'] ?? '')
    if (file.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(file.br)
    if (file.gzip && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(file.gzip)
    return reply.send(file.body)
  }

  app.route({
    method: 'GET',
    url: '/*',
    handler: (request, reply) => {
      let pathname: string
      try {
        pathname = decodeURIComponent(new URL(request.url, 'http://x').pathname)
      } catch {
        return reply.code(400).send({ error: 'Malformed address' })
      }
      if (available.has(pathname) && !pathname.endsWith('.html')) return send(request, reply, pathname)
      if (pathname === '/' || pathname === '/index.html') return send(request, reply, '/index.html')
      if (pathname.length > 1 && pathname.endsWith('/')) {
        const search = request.url.slice(request.url.indexOf('?') >= 0 ? request.url.indexOf('?') : request.url.length)
        return reply.redirect(pathname.replace(/\/+$/, '') + search, 301)
      }
      if (pathname.startsWith('/ai/')) {
        const resolution = resolveLanding(pathname)
        if (resolution.kind === 'page') return send(request, reply, `${resolution.route}.html`)
        return reply.redirect(resolution.to, resolution.status)
      }
      if (available.has(`${pathname}.html`) && pathname !== '/404') return send(request, reply, `${pathname}.html`)
      return send(request, reply, '/404.html', 404)
    },
  })
}
