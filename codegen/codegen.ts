/** `npm run codegen`: content types and the page route manifest, from schema/ and content/. */
import { performance } from 'node:perf_hooks'
import { loadContent } from './content.ts'
import { errorsAmong } from '../checker/errors.ts'
import { writeGenerated } from './generate.ts'
import { formatReport } from '../checker/report.ts'

const root = process.argv[2] ?? process.cwd()
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
