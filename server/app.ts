import Fastify, { type FastifyInstance } from 'fastify'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { api } from './api.ts'
import type { ApiBlog } from './blogs.ts'
import type { ServerConfig } from './config.ts'
import type { LeadStore } from './lead-store.ts'
import { inlineScriptHashes, staticSite } from './static-site.ts'

export interface AppDependencies {
  store: LeadStore
  blogs: ApiBlog[]
  projects: unknown[]
}

/** Security headers of every HTML page; the inline theme script is allowed by its hash, not by 'unsafe-inline'. */
export function htmlSecurityHeaders(config: ServerConfig, scriptHashes: string[]): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${config.connectSrc.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ')
  return {
    'content-security-policy': csp,
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(config.hstsMaxAge > 0 ? { 'strict-transport-security': `max-age=${config.hstsMaxAge}; includeSubDomains` } : {}),
  }
}

/** The whole server: the prerendered site and the API on one Fastify instance (the API alone for `npm run dev`). */
export async function buildApp(config: ServerConfig, deps: AppDependencies, { site = true } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Fastify takes a hop count too (proxy-addr semantics); its types list only the other forms.
    trustProxy: config.trustProxy as boolean | string,
    logger: {
      level: config.logLevel,
      // No personal data in logs: no addresses, no bodies, no query strings.
      serializers: {
        req: (req) => ({ method: req.method, url: String(req.url).split('?')[0] }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    },
    return503OnClosing: true,
  })
  // While shutting down, answers close their connection: a keep-alive socket left idle after the
  // last in-flight request would otherwise hold the server open until its keep-alive time-out.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff')
    if (closing) reply.header('connection', 'close')
  })
  await app.register(api, { prefix: '/api', store: deps.store, blogs: deps.blogs, projects: deps.projects, rateLimit: config.rateLimit })
  if (!site) return app
  const indexHtml = readFileSync(path.join(config.distDir, 'index.html'), 'utf8')
  await app.register(staticSite, { distDir: config.distDir, htmlHeaders: htmlSecurityHeaders(config, inlineScriptHashes(indexHtml)) })
  return app
}
