import zlib from 'node:zlib'
import compress from '@fastify/compress'
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { HONEYPOT_FIELD, parseLeadRequest } from '../src/core/lead.ts'
import type { SiteManifest } from '../src/core/manifest.ts'
import { CONTENT_ROUTES } from './content-routes.ts'
import { fieldErrors } from './field-errors.ts'
import { isDatabaseUnavailable } from './store/database-unavailable.ts'
import type { LeadStore, Outbox } from './store/lead-store.ts'

const LEAD_BODY_LIMIT = 32 * 1024
/** A database restart or failover takes seconds; a client that waits this long finds it back. */
const RETRY_AFTER_SECONDS = 5

/** The bodies of 5xx answers: what a visitor may read, never the error behind it (that goes to the log). */
const UNAVAILABLE = { statusCode: 503, error: 'The service is briefly unavailable. Please try again in a few seconds.' }
const FAILED = 'Something went wrong on our side. Please try again later.'

export interface ApiOptions {
  store: LeadStore
  /** The channels each new lead is queued for, and when its delivery gives up. */
  outbox: () => Outbox
  /** Called after a lead is stored, so its delivery starts at once. */
  onStored: () => void
  /** The build's manifest, for the routes that serve content. */
  content: SiteManifest
  rateLimit: { max: number; windowMs: number }
}

const text = { type: 'string' } as const
const TEXT_FIELDS = ['name', 'email', 'contact', 'url', 'message', 'query', 'ip_address', 'request_id', HONEYPOT_FIELD]

/** POST /api/appDev: the shape of a lead request; the form's rules then apply to its values. */
const LEAD_BODY = {
  type: 'object',
  properties: {
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, text])),
    location: { type: 'object', properties: { city: text, region: text, country: text } },
  },
}

/** What the log keeps of a server-side failure: its kind and message, not the fields a database error quotes values in. */
function loggedError(error: unknown) {
  if (!(error instanceof Error)) return { type: typeof error }
  return { type: error.name, code: (error as { code?: unknown }).code, message: error.message, stack: error.stack }
}

/** The embedded API under /api: POST /appDev (leads), GET /health, and the routes over built content. */
export async function api(app: FastifyInstance, options: ApiOptions) {
  const { store } = options

  // Client errors (400, 413, 415, 429) keep Fastify's answers. A server-side failure is logged and
  // answered without its detail: 503 with Retry-After while the database is unavailable, else 500.
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500
    if (status < 500) return reply.code(status).send(error)
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: loggedError(error) }, 'database unavailable; answered 503')
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(UNAVAILABLE)
    }
    request.log.error({ err: loggedError(error) }, `request failed; answered ${status}`)
    return reply.code(status).send({ statusCode: status, error: FAILED })
  })
  const { max, windowMs } = options.rateLimit
  // Per client address (request.ip, as TRUST_PROXY decides); servers sharing a database share its count.
  const shared = store.rateLimitCount?.bind(store)
  await app.register(rateLimit, {
    global: false,
    ...(shared ? { store: sharedRateLimitStore(shared) } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: 'Too many requests. Please try again later.',
    }),
  })
  // JSON answers (the blog list is some 25 KB) go compressed; a fast brotli level suits per-request work.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  })

  // Only JSON is accepted for a lead; anything else is answered 415 by Fastify before the handler.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: LEAD_BODY_LIMIT },
    app.getDefaultJsonParser('error', 'error'),
  )

  const limited = max > 0 ? { config: { rateLimit: { max, timeWindow: windowMs } } } : {}
  /**
   * A lead. Its retry key (the Idempotency-Key header, or request_id in the body; 1 to 100 visible ASCII
   * characters, without the whitespace around it, as HTTP strips that from headers) names one submission:
   * with the same lead it is a retry, answered 200 with the first lead's id and stored once; with
   * another lead it is answered 409 naming the key, and nothing is stored.
   */
  app.post(
    '/appDev',
    { bodyLimit: LEAD_BODY_LIMIT, schema: { body: LEAD_BODY }, attachValidation: true, ...limited },
    async (request, reply) => {
      if (request.validationError) return reply.code(400).send({ errors: fieldErrors(request.validationError.validation) })
      const header = request.headers['idempotency-key']
      const input = parseLeadRequest(request.body, typeof header === 'string' ? header : undefined)
      if (input.kind === 'invalid') return reply.code(400).send({ errors: input.errors })
      if (input.kind === 'bot') {
        request.log.info({ honeypot: true }, 'lead dropped by honeypot')
        return reply.code(201).send({ ok: true })
      }
      const stored = await store.insert({ ...input.lead, remoteAddress: request.ip }, options.outbox())
      if ('conflict' in stored) {
        const keyField = typeof header === 'string' ? 'Idempotency-Key' : 'request_id'
        request.log.info({ keyField }, 'lead refused: its retry key was used for another lead')
        return reply
          .code(409)
          .send({ errors: { [keyField]: `${keyField} was already used for a different lead; send a new lead with a new key` } })
      }
      const { id, duplicate } = stored
      request.log.info({ leadId: id, duplicate }, 'lead stored')
      if (!duplicate) options.onStored()
      return reply.code(duplicate ? 200 : 201).send({ ok: true, id })
    },
  )

  for (const route of CONTENT_ROUTES) await app.register(route, { content: options.content })

  app.get('/health', async () => {
    await store.count() // throws if the database is gone: 503 above
    return { status: 'ok' }
  })
}

type CountInWindow = NonNullable<LeadStore['rateLimitCount']>

/** @fastify/rate-limit's store over the database's shared counter, for several servers on one database. */
function sharedRateLimitStore(count: CountInWindow) {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = Date.now()
      count(key, timeWindow, now).then(
        ({ count: current, resetAt }) => callback(null, { current, ttl: Math.max(0, resetAt - now) }),
        (error: Error) => callback(error),
      )
    }
    child() {
      return this
    }
  }
}
