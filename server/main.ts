/** `npm start` (after the build): the site and the API on one port, until SIGTERM or SIGINT. */
import { loadContent } from '../codegen/content.ts'
import { formatReport } from '../codegen/report.ts'
import { buildApp } from './app.ts'
import { apiBlogs } from './blogs.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openLeadStore } from './lead-store.ts'

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

const content = loadContent(process.cwd())
if (content.problems.length > 0) {
  console.error(formatReport(content.problems, { github: false }))
  process.exit(1)
}
const store = await openLeadStore(config)
const projects = (content.projects as { project?: unknown[] } | undefined)?.project ?? []
const app = await buildApp(config, { store, blogs: apiBlogs(content), projects })

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
