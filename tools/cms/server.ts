/**
 * The server of `npm run cms`: the built /admin, the pictures of public/images, and Decap's
 * local-backend protocol on the admin's own origin (LOCAL_PROXY_PATH), answered in this process by
 * the mode's actions. Every request passes the access guard first (access.ts).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import Fastify, { type FastifyReply } from 'fastify'
import { registerSiteSnapshot } from './site-snapshot.ts'
import { LOCAL_PROXY_PATH } from '../../admin/names.ts'
import { ADMIN_POLICY, contentTypeOf, type CspDirectives } from '../../server/static-site.ts'
import { accessGuard, ADMIN_PATH } from './access.ts'
import { picturePath, ProtocolError, type PathPolicy } from './path-policy.ts'
import { readRequest, runAction, type Actions } from './protocol.ts'
import { repoFiles } from './repo-files.ts'

/** A policy as its header: `defaultSrc` is `default-src`. */
const policyHeader = (policy: CspDirectives) =>
  Object.entries(policy)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' '))
    .join('; ')

export interface CmsServerOptions {
  /** The built admin: index.html and its assets. */
  adminDir: string
  /** The repository the pictures are served from (public/). */
  repo: string
  policy: PathPolicy
  actions: Actions
  port: number
}

/** The editor's Fastify app on `port` (not yet listening) and the guard that signs tabs in. */
export async function cmsServer({ adminDir, repo, policy, actions, port }: CmsServerOptions) {
  const guard = accessGuard(port)
  const app = Fastify({ bodyLimit: 64 * 1024 * 1024 })
  app.addHook('onRequest', guard.check)
  const sendFile = (reply: FastifyReply, base: string, rel: string) => {
    const file = path.resolve(base, rel)
    if (!file.startsWith(base + path.sep) || !existsSync(file)) return reply.code(404).send('Not found')
    reply.header('content-type', contentTypeOf(file))
    if (base === adminDir) reply.header('x-robots-tag', 'noindex, nofollow')
    return reply.send(readFileSync(file))
  }
  const files = await repoFiles(repo)
  app.get('/', (_request, reply) => reply.redirect(ADMIN_PATH))
  app.get('/admin', (_request, reply) => reply.redirect(ADMIN_PATH, 301))
  app.get(ADMIN_PATH, (_request, reply) => {
    reply.header('content-security-policy', policyHeader(ADMIN_POLICY))
    return sendFile(reply, adminDir, 'index.html')
  })
  app.get('/admin/*', (request, reply) => sendFile(reply, adminDir, (request.params as { '*': string })['*']))
  // The preview's pictures: the media folder's, read as the protocol reads them (no symbolic link).
  app.get('/images/*', async (request, reply) => {
    const picture = await files.read(picturePath(policy, `${policy.mediaFolder}/${(request.params as { '*': string })['*']}`))
    if (!picture) return reply.code(404).send('Not found')
    return reply.type(contentTypeOf(request.url.split('?')[0])).send(picture)
  })
  app.get('/favicon.svg', (_request, reply) => sendFile(reply, path.join(repo, 'public'), 'favicon.svg'))
  registerSiteSnapshot(app, repo)
  app.post(LOCAL_PROXY_PATH, async (request, reply) => {
    const { action, params } = readRequest(request.body)
    // Written out, so an answer of null (getDeployPreview) is the JSON `null` Decap parses.
    return reply.type('application/json').send(JSON.stringify((await runAction(actions, action, params)) ?? null))
  })
  // Every failure is a JSON {error} naming what is wrong: Decap shows it, and no stack or HTML leaves.
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    if (error instanceof ProtocolError) return reply.code(error.status).send({ error: error.message })
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) console.error(`npm run cms: ${error.message}`)
    return reply.code(status).send({ error: status === 500 ? `the editor failed: ${error.message}` : error.message })
  })
  return { app, signInUrl: (base: string) => guard.signInUrl(base) }
}
