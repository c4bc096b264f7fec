/**
 * `npm run leads:deliveries`: the deliveries not yet made (pending and dead), with their last error.
 * `npm run leads:redeliver -- <delivery id>… | --failed`: makes them due now, with a new give-up time;
 * a running server sends them within its poll interval.
 */
import { configOrExit, storeOrExit } from './start-errors.ts'
import type { Delivery } from './store/rows.ts'

const [command, ...args] = process.argv.slice(2)
const config = configOrExit(`leads:${command === 'redeliver' ? 'redeliver' : 'deliveries'} not run`)
const store = await storeOrExit(config)
const time = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')

try {
  if (command === 'list') {
    const rows = await store.deliveries(args.includes('--all') ? 'all' : 'open')
    if (rows.length === 0) console.log('No pending or failed deliveries.')
    else console.log(table(rows))
  } else if (command === 'redeliver') {
    const ids = args.filter((a) => a !== '--failed').map(Number)
    if ((!args.includes('--failed') && ids.length === 0) || ids.some((id) => !Number.isInteger(id) || id < 1)) {
      console.error('Usage: npm run leads:redeliver -- <delivery id> [<delivery id>…]   or   npm run leads:redeliver -- --failed')
      process.exitCode = 2
    } else {
      const now = Date.now()
      const giveUpAt = now + config.delivery.giveUpAfterMs
      const count = await store.requeue(args.includes('--failed') ? { dead: true } : { ids }, now, giveUpAt)
      console.log(
        `${count} deliver${count === 1 ? 'y' : 'ies'} queued again; a running server sends ${count === 1 ? 'it' : 'them'} within seconds.`,
      )
    }
  } else {
    console.error('Usage: deliveries-cli.ts list [--all] | redeliver <id>… | redeliver --failed')
    process.exitCode = 2
  }
} finally {
  await store.close()
}

function table(rows: Delivery[]): string {
  const head = ['id', 'lead', 'channel', 'status', 'attempts', 'next attempt', 'gives up', 'last error']
  const body = rows.map((d) => [
    String(d.id),
    String(d.leadId),
    d.channel,
    d.status,
    String(d.attempts),
    d.status === 'pending' ? time(d.nextAttemptAt) : '',
    d.status === 'pending' ? time(d.giveUpAt) : '',
    d.lastError ?? '',
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)))
  return [head, ...body]
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
