/**
 * `npm run cms`: the form editor on this machine, against the working copy. It builds /admin (kept
 * between runs, like the site's build), starts Decap's local proxy (decap-server) on 127.0.0.1, and
 * serves http://127.0.0.1:4174/admin/ with the pictures of public/images; the admin reaches the
 * proxy on its own origin. A save writes the YAML file in content/ at once (`--workflow`: on a
 * branch cms/<collection>/<entry> of the repository instead, as the editorial workflow does on
 * GitHub); review it with `git diff` and commit it as any other change.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyReply } from 'fastify'
import { LOCAL_PROXY_PATH } from '../admin/names.ts'
import { cacheFolder } from '../codegen/files.ts'
import { ADMIN_POLICY, contentTypeOf, type CspDirectives } from '../server/static-site.ts'
import { buildAdmin } from '../scripts/build-admin.ts'
import { codeKey } from '../scripts/build-state.ts'
import { registerDraftCheck } from './draft-check.ts'
import { freePort } from './server-process.ts'

/** A policy as its header: `defaultSrc` is `default-src`. */
const policyHeader = (policy: CspDirectives) =>
  Object.entries(policy)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' '))
    .join('; ')

/** Decap's local proxy over `repo`: `fs` writes files, `git` commits each save to a branch. */
async function startProxy(
  root: string,
  repo: string,
  mode: 'fs' | 'git',
  quiet: boolean,
): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort()
  const entry = createRequire(path.join(root, 'package.json')).resolve('decap-server/dist/index.js')
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(port), BIND_HOST: '127.0.0.1', MODE: mode, GIT_REPO_DIRECTORY: repo, LOG_LEVEL: 'warn' },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  })
  // The proxy never outlives the process that started it.
  process.once('exit', () => child.kill())
  const url = `http://127.0.0.1:${port}/api/v1`
  for (let tries = 0; ; tries++) {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"action":"info"}',
    }).catch(() => undefined)
    if (answer?.ok) return { url, process: child }
    if (child.exitCode !== null || tries > 100) {
      child.kill()
      throw new Error(`decap-server did not start (exit code ${child.exitCode})`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

export interface CmsOptions {
  /** The project whose admin is built and served (its code). */
  root: string
  /** The repository the editor reads and writes; the project itself by default. */
  repo?: string
  mode?: 'fs' | 'git'
  port?: number
  /** Where the admin is built; a folder of node_modules/.cache by default. */
  outDir?: string
  quiet?: boolean
}

/** Builds /admin, starts the proxy and serves both; close() stops them. */
export async function startCms({ root, repo = root, mode = 'fs', port = 4174, outDir, quiet = false }: CmsOptions) {
  const out = outDir ?? cacheFolder(root, 'site-cms') ?? mkdtempSync(path.join(tmpdir(), 'site-cms-'))
  await buildAdmin(root, out, { code: codeKey(root), quiet })
  const adminDir = path.join(out, 'admin')
  const images = path.join(repo, 'public/images')
  const proxy = await startProxy(root, repo, mode, quiet)
  const app = Fastify({ bodyLimit: 64 * 1024 * 1024 })
  const sendFile = (reply: FastifyReply, base: string, rel: string) => {
    const file = path.resolve(base, rel)
    if (!file.startsWith(base + path.sep) || !existsSync(file)) return reply.code(404).send('Not found')
    reply.header('content-type', contentTypeOf(file))
    if (base === adminDir) reply.header('x-robots-tag', 'noindex, nofollow')
    return reply.send(readFileSync(file))
  }
  app.get('/', (_request, reply) => reply.redirect('/admin/'))
  app.get('/admin', (_request, reply) => reply.redirect('/admin/', 301))
  app.get('/admin/', (_request, reply) => {
    reply.header('content-security-policy', policyHeader(ADMIN_POLICY))
    return sendFile(reply, adminDir, 'index.html')
  })
  app.get('/admin/*', (request, reply) => sendFile(reply, adminDir, (request.params as { '*': string })['*']))
  app.get('/images/*', (request, reply) => sendFile(reply, images, (request.params as { '*': string })['*']))
  app.get('/favicon.svg', (_request, reply) => sendFile(reply, path.join(repo, 'public'), 'favicon.svg'))
  registerDraftCheck(app, repo)
  app.post(LOCAL_PROXY_PATH, async (request, reply) => {
    const answer = await fetch(proxy.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
    })
    return reply
      .code(answer.status)
      .header('content-type', 'application/json')
      .send(await answer.text())
  })
  await app.listen({ port, host: '127.0.0.1' })
  const address = app.server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`
  return {
    url,
    close: async () => {
      await app.close()
      proxy.process.kill()
    },
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const mode = process.argv.includes('--workflow') ? 'git' : 'fs'
  const port = Number(process.env.CMS_PORT ?? 4174)
  console.log('Building the form editor (kept for the next run)…')
  const cms = await startCms({ root: process.cwd(), mode, port })
  console.log(
    `Form editor: ${cms.url}/admin/  (${mode === 'git' ? 'saves go to cms/… branches' : 'saves write content/ directly'}; Ctrl+C stops it)`,
  )
  const stop = () => void cms.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
