import type { FastifyBaseLogger } from 'fastify'
import type { LeadChannel } from './channels/channel.ts'
import { DeliveryFailure } from './channels/delivery-failure.ts'
import type { ClaimedDelivery, LeadStore } from './store/lead-store.ts'

export interface DeliverySettings {
  /** One attempt's time limit. */
  timeoutMs: number
  /** The first retry comes after about this long; each later one waits twice as long, up to an hour. */
  retryBaseMs: number
  /** How long after a lead arrives its delivery is retried before it is kept as dead. */
  giveUpAfterMs: number
  /** How often the outbox is looked at for due deliveries (new leads of this server start at once). */
  pollMs: number
  /** Deliveries attempted at the same time, so one hanging receiver does not hold the others. */
  concurrency: number
}

const MAX_RETRY_DELAY_MS = 3_600_000

/** Exponential backoff with full jitter: attempt n waits a random time up to base × 2^(n-1), at most an hour. */
export function retryDelay(attempt: number, baseMs: number, random = Math.random): number {
  const ceiling = Math.min(baseMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS)
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

/** Delivers the outbox: claims due deliveries, sends them and records the outcome, until stop() (which waits for them). */
export function startDeliveryWorker(
  store: LeadStore,
  channels: readonly LeadChannel[],
  settings: DeliverySettings,
  log: FastifyBaseLogger,
) {
  const byName = new Map<string, LeadChannel>(channels.map((c) => [c.name, c]))
  // A lease outlives an attempt, so no delivery is sent twice at once; a crashed server's lease lapses.
  const leaseMs = settings.timeoutMs * 2 + 1000
  const inFlight = new Set<Promise<void>>()
  const stopping = new AbortController()
  let stopped = false
  let polling = false
  let again = false

  const attempt = async (delivery: ClaimedDelivery) => {
    const context = { leadId: delivery.leadId, channel: delivery.channel, attempt: delivery.attempts + 1 }
    try {
      const channel = byName.get(delivery.channel)
      if (!channel) throw new Error(`channel ${delivery.channel} is not configured on this server`)
      const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(settings.timeoutMs)])
      await channel.send(delivery.lead, signal, settings.timeoutMs)
      await store.markDelivered(delivery.id, Date.now())
      log.info(context, 'lead delivered')
    } catch (error) {
      // A channel's DeliveryFailure is already in plain words; anything else keeps its name.
      const failure = error instanceof DeliveryFailure ? error : undefined
      const reason = failure ? failure.message : error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      const interrupted = stopping.signal.aborted
      // The receiver's Retry-After is honoured when it asks for longer than the backoff, up to the backoff's own cap.
      const wait = Math.max(
        retryDelay(delivery.attempts + 1, settings.retryBaseMs),
        Math.min(failure?.retryAfterMs ?? 0, MAX_RETRY_DELAY_MS),
      )
      const refused = Boolean(failure?.permanent) && !interrupted
      const next = refused ? null : Date.now() + wait
      const dead = next === null || next > delivery.giveUpAt
      await store
        .markFailed(delivery.id, reason.slice(0, 500), dead ? null : next)
        .catch((e) => log.error({ ...context, err: e }, 'delivery outcome not recorded'))
      if (interrupted) log.info(context, 'lead delivery interrupted by shutdown; stays in the outbox')
      else if (refused)
        log.error(
          { ...context, reason },
          'lead delivery refused for good; kept as dead without retries (npm run leads:redeliver)',
        )
      else if (dead) log.error({ ...context, reason }, 'lead delivery gave up; kept as dead (npm run leads:redeliver)')
      else log.warn({ ...context, reason, retryInMs: wait }, 'lead delivery failed; will retry')
    }
  }

  const poll = async () => {
    if (stopped) return
    if (polling) return void (again = true)
    polling = true
    try {
      const free = settings.concurrency - inFlight.size
      if (free > 0) {
        const now = Date.now()
        for (const delivery of await store.claimDue(now, free, now + leaseMs)) {
          const running: Promise<void> = attempt(delivery).finally(() => {
            inFlight.delete(running)
            void poll()
          })
          inFlight.add(running)
        }
      }
    } catch (error) {
      log.error({ err: error }, 'outbox could not be read; trying again')
    } finally {
      polling = false
      if (again) {
        again = false
        void poll()
      }
    }
  }

  const timer = setInterval(poll, settings.pollMs)
  timer.unref()
  void poll()
  return {
    /** Looks at the outbox now: a lead was just stored. */
    wake: () => void poll(),
    /** Ends the attempts in flight; they stay in the outbox and are retried by the next server to poll. */
    async stop() {
      stopped = true
      clearInterval(timer)
      stopping.abort(new Error('server stopping'))
      for (const channel of channels) channel.close?.()
      await Promise.allSettled([...inFlight])
    },
  }
}
