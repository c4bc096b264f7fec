import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'
import { isEmbeddedApi, type BlogApiSettings } from '../src/core/blog-api.ts'
import type { SiteManifest } from '../src/core/manifest.ts'
import { api } from './api.ts'
import { openChannels } from './channels/registry.ts'
import type { ServerConfig } from './config.ts'
import { startDeliveryWorker } from './lead-delivery.ts'
import { startRetentionJob } from './retention.ts'
import { githubOAuth } from './routes/github-oauth.ts'
import { inlineHashes, staticSite, type CspDirectives } from './static-site.ts'
import { openLeadStore, type LeadStore } from './store/lead-store.ts'

export interface ServerParts {
  config: ServerConfig
  /** What the server serves of the content: the build's manifest, or in `npm run dev` the same made from the content. */
  content: SiteManifest
  /** A store the caller opened and closes (tests); by default the configured one, closed with the server. */
  store?: LeadStore
  /** The prerendered site of config.distDir beside the API; off for `npm run dev`, where Vite serves the pages. */
  site?: boolean
}

/** The configured database could not be opened; `cause` is the driver's error. */
class StoreOpenError extends Error {
  constructor(cause: unknown) {
    super('the lead store could not be opened', { cause })
    this.name = 'StoreOpenError'
  }
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

/** The Content-Security-Policy of one HTML page: inline scripts and styles by their hashes, plus the blog API's hosts. */
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

/**
 * The one composition root: store, channels and delivery worker, API and prerendered site on one
 * Fastify instance, not yet listening; closing the app stops the worker, then closes the store it
 * opened. A store that cannot be opened is a StoreOpenError.
 */
export async function createServer({ config, content, store: given, site = true }: ServerParts): Promise<{
  app: FastifyInstance
  store: LeadStore
}> {
  let store: LeadStore
  try {
    store = given ?? (await openLeadStore(config))
  } catch (error) {
    throw new StoreOpenError(error)
  }
  try {
    return { app: await compose(config, content, store, site, !given), store }
  } catch (error) {
    if (!given) await store.close().catch(() => undefined)
    throw error
  }
}

async function compose(config: ServerConfig, content: SiteManifest, store: LeadStore, site: boolean, ownsStore: boolean) {
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
  // While shutting down, answers close their connection: an idle keep-alive socket would hold the server open.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close')
  })
  await app.register(helmet, { global: true, ...helmetOptions(config) })
  const channels = openChannels(config.channels)
  const worker = channels.length > 0 ? startDeliveryWorker(store, channels, config.delivery, app.log) : undefined
  const retention = startRetentionJob(store, content.retentionDays, app.log)
  // After the server stops taking requests: attempts in flight finish, the rest wait in the outbox.
  app.addHook('onClose', async () => {
    await worker?.stop()
    await retention.stop()
    if (ownsStore) await store.close()
  })
  await app.register(api, {
    prefix: '/api',
    store,
    content,
    rateLimit: config.rateLimit,
    outbox: () => ({ channels: channels.map((c) => c.name), giveUpAt: Date.now() + config.delivery.giveUpAfterMs }),
    onStored: () => worker?.wake(),
  })
  // The form editor's GitHub sign-in (/admin): on only where GITHUB_OAUTH_CLIENT_ID and _SECRET are set.
  await app.register(githubOAuth, { prefix: '/api/auth/github', settings: config.githubOAuth })
  if (!site) return app
  await app.register(staticSite, {
    distDir: config.distDir,
    content,
    helmet: helmetOptions(config),
    pagePolicy: (html, blogApi) => pagePolicy(config, inlineHashes(html), blogApi),
  })
  return app
}
