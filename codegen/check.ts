/** `npm run content:check`: every content problem in one run; exit 1 if there is any. */
import { performance } from 'node:perf_hooks'
import { loadContent } from './content.ts'
import { formatReport } from './report.ts'

const root = process.argv[2] ?? process.cwd()
const started = performance.now()
const content = loadContent(root)
const ms = Math.round(performance.now() - started)

if (content.problems.length > 0) {
  console.error(formatReport(content.problems, { github: process.env.GITHUB_ACTIONS === 'true' || process.env.CI === 'true' }))
  const files = new Set(content.problems.map((p) => p.file)).size
  console.error(`\n${content.problems.length} problem(s) in ${files} file(s). Content check failed.`)
  process.exit(1)
}
console.log(`content ok: ${content.pages.length} pages, ${content.blogs.length} blog posts, checked in ${ms} ms`)
