/**
 * `npm run serve` (`npm start` builds first): the built site and the API on one port, until SIGTERM
 * or SIGINT. Reads what it serves from the build's manifest; content is checked by the build alone.
 */
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openLeadStore } from './lead-store.ts'
import { readSiteManifest } from './site-manifest.ts'

let config
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

let manifest
try {
  manifest = readSiteManifest(config.distDir)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
const store = await openLeadStore(config)
const app = await buildApp(config, { store, blogs: manifest.blogs, projects: manifest.projects })

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
  await app.close()
  clearTimeout(deadline)
  await store.close()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

await app.listen({ port: config.port, host: config.host })
