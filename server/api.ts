import zlib from 'node:zlib'
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import { parseLeadRequest } from '../src/core/lead.ts'
import type { BuiltBlog } from '../src/core/blog.ts'
import type { LeadStore } from './lead-store.ts'
import { createRateLimiter } from './rate-limit.ts'

const LEAD_BODY_LIMIT = 32 * 1024

export interface ApiOptions {
  store: LeadStore
  /** The channels each new lead is queued for, and when its delivery gives up. */
  outbox: () => Parameters<LeadStore['insert']>[1]
  /** Called after a lead is stored, so its delivery starts at once. */
  onStored: () => void
  blogs: BuiltBlog[]
  projects: unknown[]
  rateLimit: { max: number; windowMs: number }
}

const positiveInt = (raw: unknown, min: number, max: number): number | undefined => {
  if (raw === undefined) return undefined
  const value = Number(raw)
  return Number.isInteger(value) && value >= min && value <= max && String(raw).trim() !== '' ? value : NaN
}

/** The embedded API under /api: POST /appDev (leads), GET /blogs/blog, GET /projects/project, GET /health. */
export async function api(app: FastifyInstance, options: ApiOptions) {
  const { store, blogs, projects } = options
  // Several servers on one database share its rate limit; one server counts in memory.
  const local = createRateLimiter(options.rateLimit)
  const { max, windowMs } = options.rateLimit
  const hitRateLimit = async (key: string) =>
    store.rateLimitHit ? store.rateLimitHit(key, max, windowMs, Date.now()) : local.hit(key)
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

  app.post('/appDev', { bodyLimit: LEAD_BODY_LIMIT }, async (request, reply) => {
    const wait = await hitRateLimit(request.ip)
    if (wait > 0) {
      reply.header('retry-after', String(wait))
      return reply.code(429).send({ error: 'Too many requests. Please try again later.' })
    }
    const header = request.headers['idempotency-key']
    const input = parseLeadRequest(request.body, typeof header === 'string' ? header : undefined)
    if (input.kind === 'invalid') return reply.code(400).send({ errors: input.errors })
    if (input.kind === 'bot') {
      request.log.info({ honeypot: true }, 'lead dropped by honeypot')
      return reply.code(201).send({ ok: true })
    }
    const { id, duplicate } = await store.insert({ ...input.lead, remoteAddress: request.ip }, options.outbox())
    request.log.info({ leadId: id, duplicate }, 'lead stored')
    if (!duplicate) options.onStored()
    return reply.code(duplicate ? 200 : 201).send({ ok: true, id })
  })

  app.get('/blogs/blog', async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const resultPerPage = positiveInt(query.resultPerPage, 1, 100) ?? 40
    const currentPage = positiveInt(query.currentPage, 1, 1_000_000) ?? 1
    const errors: Record<string, string> = {}
    if (Number.isNaN(resultPerPage)) errors.resultPerPage = 'resultPerPage must be a whole number from 1 to 100'
    if (Number.isNaN(currentPage)) errors.currentPage = 'currentPage must be a whole number of 1 or more'
    if (Object.keys(errors).length > 0) return reply.code(400).send({ errors })
    const start = (currentPage - 1) * resultPerPage
    return {
      blogs: blogs.slice(start, start + resultPerPage),
      total: blogs.length,
      currentPage,
      resultPerPage,
    }
  })

  app.get('/projects/project', async () => ({ project: projects }))

  app.get('/health', async () => {
    await store.count() // throws if the database is gone, which Fastify answers with 500
    return { status: 'ok' }
  })
}
