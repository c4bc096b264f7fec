/**
 * `npm run serve`: the built site (its manifest; content is checked by the build alone) and the API on
 * one port, until SIGTERM or SIGINT. A server that cannot start says why in one line per problem.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { SITE_MANIFEST_PATH } from '../src/core/manifest.ts'
import { retentionProblem } from './config.ts'
import { createServer } from './create-server.ts'
import { readSiteManifest } from './site-manifest.ts'
import { configOrExit, explainListen, guardStart, refuseToStart, storeOrExit, unforeseen } from './start-errors.ts'

const started = guardStart()
const settings = configOrExit()

let manifest
try {
  manifest = readSiteManifest(settings.distDir)
} catch (error) {
  if (!existsSync(path.join(settings.distDir, SITE_MANIFEST_PATH)))
    refuseToStart(`DIST_DIR=${settings.distDir} holds no built site: run \`npm run build\` first (npm start does it for you)`)
  refuseToStart(
    error instanceof SyntaxError
      ? `DIST_DIR=${settings.distDir} holds a damaged build (${error.message}): run \`npm run build\` again`
      : unforeseen(`DIST_DIR=${settings.distDir}: the build's manifest could not be read`, error),
  )
}
const shortRetention = retentionProblem(manifest.retentionDays, settings.delivery)
if (shortRetention) refuseToStart(shortRetention)

const store = await storeOrExit(settings)
let app: FastifyInstance
try {
  ;({ app } = await createServer({ config: settings, content: manifest, store }))
} catch (error) {
  refuseToStart(unforeseen('the server could not be set up', error))
}

/** Stops what was started, each step bounded, so a failed start never hangs. */
async function release() {
  const bounded = (work: Promise<unknown>) =>
    Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000).unref())])
  await bounded(app.close())
  await bounded(store.close())
}

let closing = false
const shutdown = async (signal: string) => {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down: finishing requests in flight')
  const deadline = setTimeout(() => {
    app.log.error('requests still open after 10 s; closing the database and exiting')
    void store.close()
    process.exit(1)
  }, 10_000)
  // Closing the app stops the delivery worker; the store goes after it, once nothing uses it.
  await app.close()
  await store.close()
  clearTimeout(deadline)
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

try {
  await app.listen({ port: settings.port, host: settings.host })
  // Serving: from here an error is the running server's, logged as such.
  started()
} catch (error) {
  closing = true
  await release()
  refuseToStart(explainListen(settings, error))
}
