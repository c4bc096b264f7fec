/**
 * The files made from the schemas' editor keywords: the form editor's admin/config.yml and the field
 * tables of the editors' guide (docs/editing.md), each written only when the schemas change it.
 * `npm run codegen` runs it after the content types, so one command refreshes the guide and the form.
 */
import { performance } from 'node:perf_hooks'
import { FIELDS_DOC, writeFieldTables } from './docs-fields.ts'
import { CMS_CONFIG_FILE, writeCmsConfig } from './form-editor/cms-config.ts'

const root = process.cwd()
const started = performance.now()
const written = [writeCmsConfig(root) && CMS_CONFIG_FILE, writeFieldTables(root) && FIELDS_DOC].filter(Boolean)
const ms = Math.round(performance.now() - started)
console.log(`editor files: ${written.length ? `wrote ${written.join(', ')}` : 'all up to date'} (${ms} ms)`)
