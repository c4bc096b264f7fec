/**
 * `npm run dev`: Vite with hot reload (YAML edits included, content errors in the overlay) and the
 * embedded API answering /api/* in the same process, so the form and the blogs work as in production.
 */
import { createServer as createViteServer, mergeConfig, type Plugin } from 'vite'
import { siteConfig } from '../scripts/vite-config.ts'
import { loadContent } from '../codegen/content.ts'
import { formatReport } from '../checker/report.ts'
import { siteManifest } from '../codegen/site-manifest.ts'
import { blogApiSettings } from '../src/core/blog-api.ts'
import { createServer } from '../server/create-server.ts'
import { loadConfig } from '../server/config.ts'

const root = process.cwd()
const config = { ...loadConfig(), logLevel: 'warn' as const }
const content = loadContent(root)
// A content problem must not stop the dev server: the overlay shows it, and the API serves what is valid.
if (content.problems.length > 0) console.error(formatReport(content.problems))
// The manifest the build would write, made from the content as it is now.
const manifest = siteManifest(content, {
  siteUrl: String((content.site as { company: { url: string } }).company.url),
  blogApi: blogApiSettings(process.env),
})
const { app: api } = await createServer({ config, content: manifest, site: false })
await api.ready()

// The config is given inline, as the build gives it: one copy of the content plugin and the codegen
// it imports, in this process's own module graph.
const vite = await createViteServer(
  mergeConfig(siteConfig({ root, blogApi: manifest.blogApi }), {
    root,
    configFile: false,
    plugins: [
      {
        name: 'embedded-api',
        configureServer(server) {
          server.middlewares.use((req, res, next) => (req.url?.startsWith('/api/') ? api.routing(req, res) : next()))
        },
      } satisfies Plugin,
    ],
  }),
)
await vite.listen()
vite.printUrls()
