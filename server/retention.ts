import type { FastifyBaseLogger } from 'fastify'
import type { Purged } from './store/erasure.ts'
import type { LeadStore } from './store/lead-store.ts'

const DAY_MS = 86_400_000
/** How often a running server removes what has passed its retention period. */
const EVERY_MS = 3_600_000

/** Removes the leads older than `retentionDays` with their deliveries, but keeps and counts those not yet delivered. */
export function purgeExpired(store: LeadStore, retentionDays: number, now = Date.now()): Promise<Purged> {
  return store.purgeBefore(now - retentionDays * DAY_MS)
}

/** What an operator reads about the leads a purge kept, and what to do about them. */
export const undeliveredKept = (count: number) =>
  `Kept ${count} lead(s) past the retention period that the sales team has not had yet (a delivery pending or dead): ` +
  'npm run leads:deliveries lists them; redeliver them (npm run leads:redeliver) or erase them, and the next purge removes them.'

/**
 * The server's own clean-up, at start and every hour (several servers may run it at once: the second
 * finds nothing left). The log says how many records went, never whose.
 */
export function startRetentionJob(store: LeadStore, retentionDays: number, log: FastifyBaseLogger) {
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = purgeExpired(store, retentionDays).then(
      ({ undelivered, ...removed }) => {
        if (removed.leads > 0 || removed.deliveries > 0)
          log.info({ ...removed, retentionDays }, 'leads past their retention period removed')
        if (undelivered > 0) log.warn({ undelivered, retentionDays }, undeliveredKept(undelivered))
      },
      (error: Error) =>
        log.warn(
          { err: { type: error.name, message: error.message } },
          'leads past their retention period could not be removed; tried again within the hour',
        ),
    )
  }
  run()
  const timer = setInterval(run, EVERY_MS)
  timer.unref()
  return {
    /** Stops the schedule and waits for a run in progress. */
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
