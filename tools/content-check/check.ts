/**
 * `npm run content:check [root] [--changed <files>]`: every content problem in one run; exit 1 if
 * any is an error (warnings alone pass). Problems are listed by file, the changed files first
 * (`--changed`, else CONTENT_CHANGED_FILES, else git: changed-files.ts). Under GitHub Actions
 * (GITHUB_ACTIONS=true) they are also annotations on the diff, and with GITHUB_STEP_SUMMARY set the
 * whole report is written there in Markdown.
 */
import { appendFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { changedFiles, positionalArgs } from './changed-files.ts'
import { loadContent } from '../../codegen/content.ts'
import { checkVerdict, githubAnnotations, markdownSummary } from './report.ts'

const args = process.argv.slice(2)
const root = positionalArgs(args)[0] ?? process.cwd()
const started = performance.now()
const content = loadContent(root)
const ms = Math.round(performance.now() - started)
const changed = content.problems.length > 0 ? changedFiles(root, args, process.env) : new Set<string>()

if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, markdownSummary(content.problems, changed))
if (content.problems.length > 0) {
  const { ok, text } = checkVerdict(content.problems, changed)
  console.error(text)
  // GitHub reads workflow commands from standard output: each becomes an annotation on the diff.
  if (process.env.GITHUB_ACTIONS === 'true') console.log(githubAnnotations(content.problems, changed).join('\n'))
  if (!ok) process.exit(1)
}
console.log(`content ok: ${content.pages.length} pages, ${content.blogs.length} blog posts, checked in ${ms} ms`)
