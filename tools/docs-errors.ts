/** `npm run docs:errors`: rewrites the error reference of docs/editing.md from the error catalogue. */
import { readFileSync, writeFileSync } from 'node:fs'
import { withErrorReference } from '../checker/error-docs.ts'

const file = 'docs/editing.md'
writeFileSync(file, withErrorReference(readFileSync(file, 'utf8')))
console.log(`${file}: error reference regenerated`)
