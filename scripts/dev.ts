/**
 * `npm run dev`: Vite with hot reload (YAML edits included, content errors in the overlay) and the
 * embedded API answering /api/* in the same process, so the form and the blogs work as in production.
 */
import { createServer } from 'vite'
import { loadContent } from '../codegen/content.ts'
import { formatReport } from '../codegen/report.ts'
import { builtBlogs, contentProjects } from '../codegen/site-manifest.ts'
import { buildApp } from '../server/app.ts'
import { loadConfig } from '../server/config.ts'
import { openLeadStore } from '../server/lead-store.ts'

const root = process.cwd()
const config = { ...loadConfig(), logLevel: 'warn' as const }
const content = loadContent(root)
// A content problem must not stop the dev server: the overlay shows it, and the API serves what is valid.
if (content.problems.length > 0) console.error(formatReport(content.problems, { github: false }))
const store = await openLeadStore(config)
const api = await buildApp(config, { store, blogs: builtBlogs(content), projects: contentProjects(content) }, { site: false })
await api.ready()

const vite = await createServer({
  root,
  plugins: [
    {
      name: 'embedded-api',
      configureServer(server) {
        server.middlewares.use((req, res, next) => (req.url?.startsWith('/api/') ? api.routing(req, res) : next()))
      },
    },
  ],
})
await vite.listen()
vite.printUrls()
