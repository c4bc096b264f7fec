/**
 * `npm run codegen`: content types and the page route manifest, from schema/ and content/.
 * `--types`: the content types alone, from schema/ (what the server's compile reads).
 */
import { performance } from 'node:perf_hooks'
import { loadContent } from './content.ts'
import { errorsAmong } from '../checker/errors.ts'
import { writeContentTypes, writeGenerated } from './generate.ts'
import { formatReport } from '../checker/report.ts'

const root = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? process.cwd()
if (process.argv.includes('--types')) {
  await writeContentTypes(root)
  process.exit(0)
}
const started = performance.now()
const content = loadContent(root)
const errors = errorsAmong(content.problems)
if (errors.length > 0) {
  console.error(formatReport(content.problems))
  console.error(`\ncodegen stopped: fix the ${errors.length} content error(s) above first.`)
  process.exit(1)
}
const changed = await writeGenerated(root, content.pages)
const ms = Math.round(performance.now() - started)
console.log(
  `codegen: ${content.pages.length} page routes, ${changed.length ? 'wrote ' + changed.join(', ') : 'all files up to date'} (${ms} ms)`,
)
