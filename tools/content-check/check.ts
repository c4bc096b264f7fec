/**
 * `npm run content:check [root] [--changed <files>]`: every content problem in one run; exit 1 if
 * any is an error (warnings alone pass).
 *
 * Problems are listed by file, the changed files first. Which files changed: the list after
 * `--changed` (comma-, space- or line-separated, relative to the root), else the variable
 * CONTENT_CHANGED_FILES (the same form), else git: the files changed since the branch left
 * origin/$GITHUB_BASE_REF (origin/main outside a pull request), committed or not, and new files.
 * A shallow clone without that branch gives only the uncommitted changes; without git, no file
 * counts as changed and the order is by file name alone.
 *
 * Under GitHub Actions (GITHUB_ACTIONS=true) the problems are also printed as annotations on the
 * diff, the changed files' first; GitHub shows 10 errors and 10 warnings of a step, so past that
 * the last one says how many more there are. With GITHUB_STEP_SUMMARY set, the whole report is
 * written there in Markdown: a table per file, each problem's line, field, what is wrong and what
 * to do.
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
