/** `npm run leads:export [file]`: every stored lead as CSV, from SQLite or PostgreSQL as configured, to a file or standard output. */
import { writeFileSync } from 'node:fs'
import { toCsv } from './csv.ts'
import { configOrExit, storeOrExit } from './start-errors.ts'
import { LEAD_COLUMNS, leadRow } from './store/rows.ts'

/** What the sales team gets: every column but the server's own bookkeeping. */
const EXPORTED = LEAD_COLUMNS.filter((c) => c !== 'remote_address' && c !== 'request_id')

const config = configOrExit('leads:export not run')
const store = await storeOrExit(config)
const leads = await store.all()
await store.close()
const csv = toCsv(
  ['id', 'created_at', ...EXPORTED],
  leads.map((lead) => {
    const row = leadRow(lead)
    return [lead.id, lead.createdAt, ...EXPORTED.map((column) => row[column])]
  }),
)
const target = process.argv[2]
if (target) {
  writeFileSync(target, csv)
  console.error(`${leads.length} lead(s) written to ${target}`)
} else {
  process.stdout.write(csv)
}
