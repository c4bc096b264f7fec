/** `npm run content:check`: every content problem in one run; exit 1 if there is any. */
import { performance } from 'node:perf_hooks'
import { loadContent } from './content.ts'
import { formatReport, githubAnnotation } from './report.ts'

const root = process.argv[2] ?? process.cwd()
const started = performance.now()
const content = loadContent(root)
const ms = Math.round(performance.now() - started)

if (content.problems.length > 0) {
  console.error(formatReport(content.problems, { github: false }))
  // GitHub reads workflow commands from standard output: each becomes an annotation on the diff.
  if (process.env.GITHUB_ACTIONS === 'true') console.log(content.problems.map(githubAnnotation).join('\n'))
  const files = new Set(content.problems.map((p) => p.file)).size
  console.error(`\n${content.problems.length} problem(s) in ${files} file(s). Content check failed.`)
  process.exit(1)
}
console.log(`content ok: ${content.pages.length} pages, ${content.blogs.length} blog posts, checked in ${ms} ms`)
