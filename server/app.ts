import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'
import { api } from './api.ts'
import type { BuiltBlog } from '../src/core/blog.ts'
import { isEmbeddedApi, type BlogApiSettings } from '../src/core/blog-api.ts'
import type { ServerConfig } from './config.ts'
import { emailChannel, webhookChannel, type LeadChannel } from './lead-channels.ts'
import { startDeliveryWorker } from './lead-delivery.ts'
import type { LeadStore } from './lead-store.ts'
import { inlineHashes, staticSite, type CspDirectives } from './static-site.ts'

export interface AppDependencies {
  store: LeadStore
  blogs: BuiltBlog[]
  projects: unknown[]
}

/** The security headers of every answer, set by @fastify/helmet; pages add their own CSP. */
function helmetOptions(config: ServerConfig): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.hstsMaxAge > 0 ? { maxAge: config.hstsMaxAge, includeSubDomains: true } : false,
  }
}

/**
 * The Content-Security-Policy of one HTML page: its inline scripts and its inlined stylesheet are
 * allowed by their hashes, so neither scripts nor styles need 'unsafe-inline'. Pictures and fetches
 * may also use the blog API the build compiled in: its origin and its pictures' hosts.
 */
function pagePolicy(
  config: ServerConfig,
  hashes: { scripts: string[]; styles: string[] },
  blogApi: BlogApiSettings,
): CspDirectives {
  const api = isEmbeddedApi(blogApi) ? [] : [new URL(blogApi.url).origin]
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...hashes.scripts],
    styleSrc: ["'self'", ...hashes.styles],
    imgSrc: ["'self'", 'data:', ...blogApi.imageOrigins],
    fontSrc: ["'self'"],
    connectSrc: [...new Set(["'self'", ...api, ...config.connectSrc])],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  }
}

/** The channels configured by the environment, in the order leads are queued for them. */
function leadChannels(config: ServerConfig): LeadChannel[] {
  return [
    ...(config.webhook ? [webhookChannel(config.webhook.url, config.webhook.secret)] : []),
    ...(config.email ? [emailChannel(config.email.smtpUrl, config.email.to, config.email.from)] : []),
  ]
}

/** The whole server: the prerendered site and the API on one Fastify instance (the API alone for `npm run dev`). */
export async function buildApp(config: ServerConfig, deps: AppDependencies, { site = true } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Route schemas report every field that is wrong, not just the first.
    ajv: { customOptions: { allErrors: true } },
    // A function, because Fastify reads a bare hop count as "trust no proxy".
    trustProxy: config.trustProxy,
    // A client that trickles its headers or body is cut off instead of holding a socket forever.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.connectionMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: { headersTimeout: config.timeouts.requestMs, connectionsCheckingInterval: Math.min(1000, config.timeouts.requestMs) },
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
    if (closing) reply.header('connection', 'close')
  })
  await app.register(helmet, { global: true, ...helmetOptions(config) })
  const channels = leadChannels(config)
  const worker = channels.length > 0 ? startDeliveryWorker(deps.store, channels, config.delivery, app.log) : undefined
  // After the server stops taking requests: attempts in flight finish, the rest wait in the outbox.
  app.addHook('onClose', async () => worker?.stop())
  await app.register(api, {
    prefix: '/api',
    store: deps.store,
    blogs: deps.blogs,
    projects: deps.projects,
    rateLimit: config.rateLimit,
    outbox: () => ({ channels: channels.map((c) => c.name), giveUpAt: Date.now() + config.delivery.giveUpAfterMs }),
    onStored: () => worker?.wake(),
  })
  if (!site) return app
  await app.register(staticSite, {
    distDir: config.distDir,
    helmet: helmetOptions(config),
    pagePolicy: (html, blogApi) => pagePolicy(config, inlineHashes(html), blogApi),
  })
  return app
}
