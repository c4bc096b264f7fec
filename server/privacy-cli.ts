/**
 * What an operator runs for the people whose leads we keep (usage below): purge now what has passed the
 * retention period, find everything held about an address, erase it (a dry run without --confirm).
 * Each prints an audit line on stderr: what was done and how many records, never whose.
 */
import { purgeExpired, undeliveredKept } from './retention.ts'
import { readSiteManifest } from './site-manifest.ts'
import { configOrExit, refuseToStart, storeOrExit } from './start-errors.ts'
import { NonAsciiEmailError } from './store/erasure.ts'

const [command, ...args] = process.argv.slice(2)
const USAGE = [
  'Usage: npm run leads:purge',
  '       npm run leads:find -- --email <address>',
  '       npm run leads:erase -- --email <address> [--confirm]',
].join('\n')

const valueOf = (flag: string) => {
  const at = args.indexOf(flag)
  return at >= 0 ? args[at + 1] : undefined
}
const email = valueOf('--email')?.trim()
if (!['purge', 'find', 'erase'].includes(command) || (command !== 'purge' && !email?.includes('@'))) {
  console.error(USAGE)
  process.exit(2)
}

const config = configOrExit(`leads:${command} not run`)
// The retention period is the one the build wrote beside the site, the one the notice states.
let retentionDays = 0
if (command === 'purge') {
  try {
    retentionDays = readSiteManifest(config.distDir).retentionDays
  } catch (error) {
    refuseToStart((error as Error).message)
  }
}
const store = await storeOrExit(config)
/** The audit line: what was done, when, and how many records; no address, name or content. */
const audit = (action: string, counts: object) =>
  console.error(JSON.stringify({ at: new Date().toISOString(), action, ...counts }))

try {
  if (command === 'purge') {
    const purged = await purgeExpired(store, retentionDays)
    console.log(`Removed ${purged.leads} lead(s) older than ${retentionDays} days and ${purged.deliveries} delivery record(s).`)
    if (purged.undelivered > 0) console.log(undeliveredKept(purged.undelivered))
    audit('leads:purge', { retentionDays, ...purged })
  } else if (command === 'find') {
    const found = await store.findByEmail(email!)
    console.log(JSON.stringify(found, null, 2))
    audit('leads:find', { leads: found.leads.length, deliveries: found.deliveries.length })
  } else if (!args.includes('--confirm')) {
    const found = await store.findByEmail(email!)
    console.log(
      `Dry run: ${found.leads.length} lead(s) and ${found.deliveries.length} delivery record(s) are held under that address. ` +
        'Run again with --confirm to erase them.',
    )
    audit('leads:erase (dry run)', { leads: found.leads.length, deliveries: found.deliveries.length })
  } else {
    const removed = await store.eraseByEmail(email!)
    console.log(`Erased ${removed.leads} lead(s) and ${removed.deliveries} delivery record(s) held under that address.`)
    audit('leads:erase', removed)
  }
} catch (error) {
  // A look-alike address is the operator's typing to correct (a usage error); anything else is one line too.
  if (error instanceof NonAsciiEmailError) {
    console.error(`leads:${command} not run: --email: ${error.message}`)
    process.exitCode = 2
  } else {
    console.error(`leads:${command} failed: ${(error as Error).message}`)
    process.exitCode = 1
  }
} finally {
  await store.close()
}
