/** `npm run leads:export [file]`: every stored lead as CSV, from SQLite or PostgreSQL as configured, to a file or standard output. */
import { writeFileSync } from 'node:fs'
import { loadConfig } from './config.ts'
import { toCsv } from './csv.ts'
import { openLeadStore } from './lead-store.ts'

const config = loadConfig()
const store = await openLeadStore(config)
const leads = await store.all()
await store.close()
const csv = toCsv(
  ['id', 'created_at', 'name', 'email', 'contact', 'url', 'message', 'query', 'ip_address', 'city', 'region', 'country'],
  leads.map((l) => [l.id, l.createdAt, l.name, l.email, l.contact, l.url, l.message, l.query, l.ipAddress, l.location?.city, l.location?.region, l.location?.country]),
)
const target = process.argv[2]
if (target) {
  writeFileSync(target, csv)
  console.error(`${leads.length} lead(s) written to ${target}`)
} else {
  process.stdout.write(csv)
}
