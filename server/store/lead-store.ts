import type { ExpressionOrFactory, Kysely, Selectable, SqlBool } from 'kysely'
import { mayBecomeAvailable } from './database-unavailable.ts'
import { openPostgres, openSqlite, type OpenedDatabase } from './dialects.ts'
import { leadIdsByEmail, undelivered, type Purged, type Removed } from './erasure.ts'
import { migrate } from './migrations.ts'
import { preparedBySize } from './prepared.ts'
import {
  deliveryFromRow,
  LEAD_COLUMNS,
  isRetryOf,
  leadFromRow,
  leadRow,
  requestFingerprint,
  type NewLead,
  type Tables,
} from './rows.ts'

import type { ClaimedDelivery, InsertResult, LeadStore, Outbox } from './lead-store-api.ts'

export type { ClaimedDelivery, LeadStore, Outbox }

/** Leads stored in one statement at most. */
const MAX_BATCH = 1000
/** Rows read per query when listing a whole table, so each statement stays short on a large one. */
const PAGE = 5000

/** Waits before each new try at the first connection: a PostgreSQL restart takes seconds, so about 7.5 s in all. */
const FIRST_CONNECTION_DELAYS_MS = [500, 1000, 2000, 4000]

/** Told of a first connection that failed and will be tried again, before the wait. */
export type OpenRetryListener = (error: unknown, next: { attempt: number; attempts: number; delayMs: number }) => void

/**
 * Opens the configured store: PostgreSQL for a postgres:// URL, else the SQLite file. A PostgreSQL
 * server that is down or starting is tried a few more times: services started together may beat it.
 */
export async function openLeadStore(
  location: { databaseUrl?: string; databasePath: string },
  onRetry?: OpenRetryListener,
): Promise<LeadStore> {
  for (let attempt = 1; ; attempt++) {
    const opened = location.databaseUrl ? openPostgres(location.databaseUrl) : openSqlite(location.databasePath)
    try {
      await migrate(opened.db as Kysely<unknown>, opened.traits)
      return leadStore(opened)
    } catch (error) {
      await opened.db.destroy().catch(() => undefined)
      const delayMs = FIRST_CONNECTION_DELAYS_MS[attempt - 1]
      if (!location.databaseUrl || delayMs === undefined || !mayBecomeAvailable(error)) throw error
      onRetry?.(error, { attempt: attempt + 1, attempts: FIRST_CONNECTION_DELAYS_MS.length + 1, delayMs })
      await new Promise((resolve) => setTimeout(resolve, delayMs))
    }
  }
}

/** A condition on the leads table. */
type LeadFilter = ExpressionOrFactory<Tables, 'leads', SqlBool>

function leadStore({ db, traits }: OpenedDatabase): LeadStore {
  // The queries of every batch of leads, compiled once for each batch size (prepared.ts).
  type Value = (position: number) => never
  const INSERTED = [...LEAD_COLUMNS, 'request_fingerprint'] as const
  type InsertedRow = Record<(typeof INSERTED)[number], never>
  const insertLeads = preparedBySize<{ id: number; request_id: string | null }>((value: Value, count) => {
    const row = (i: number) => Object.fromEntries(INSERTED.map((column, j) => [column, value(i * INSERTED.length + j)]))
    return db
      .insertInto('leads')
      .values(Array.from({ length: count }, (_, i) => row(i) as InsertedRow))
      .onConflict((conflict) => conflict.column('request_id').doNothing())
      .returning(['id', 'request_id'])
  })
  const leadsByRequestId = preparedBySize<Selectable<Tables['leads']>>((value: Value, count) => {
    const requestIds = Array.from({ length: count }, (_, i) => value(i))
    return db.selectFrom('leads').selectAll().where('request_id', 'in', requestIds)
  })
  const insertDeliveries = preparedBySize((value: Value, count) =>
    db.insertInto('deliveries').values(
      Array.from({ length: count }, (_, i) => ({
        lead_id: value(i * 4),
        channel: value(i * 4 + 1),
        next_attempt_at: value(i * 4 + 2),
        give_up_at: value(i * 4 + 3),
      })),
    ),
  )

  /**
   * Leads and their deliveries in one statement each, inside the caller's transaction. Ids grow in
   * the order of the VALUES list, so the rows inserted, ordered by id, follow the batch with the
   * refused (already used key) leads left out: walking the batch in order pairs each lead with its row.
   */
  const insertBatch = async (trx: Kysely<Tables>, batch: readonly { lead: NewLead; outbox: Outbox }[]) => {
    const values: unknown[] = []
    for (const { lead } of batch) {
      const row = leadRow(lead)
      for (const column of LEAD_COLUMNS) values.push(row[column])
      values.push(lead.requestId === null ? null : requestFingerprint(lead))
    }
    const inserted = (await insertLeads(batch.length)(trx, values)).rows.sort((a, b) => a.id - b.id)
    let next = 0
    const ids = batch.map(({ lead }) =>
      next < inserted.length && inserted[next].request_id === lead.requestId ? Number(inserted[next++].id) : undefined,
    )
    const refused = batch.filter((_, i) => ids[i] === undefined).map(({ lead }) => lead.requestId)
    const held = new Map<string | null, Selectable<Tables['leads']>>()
    if (refused.length > 0)
      for (const row of (await leadsByRequestId(refused.length)(trx, refused)).rows) held.set(row.request_id, row)
    const now = Date.now()
    const deliveries: unknown[] = []
    const results = batch.map(({ lead, outbox }, i): InsertResult => {
      const id = ids[i]
      if (id === undefined) {
        const row = held.get(lead.requestId)!
        return isRetryOf(row, lead) ? { id: Number(row.id), duplicate: true } : { conflict: true }
      }
      for (const channel of outbox.channels) deliveries.push(id, channel, now, outbox.giveUpAt)
      return { id, duplicate: false }
    })
    if (deliveries.length > 0) await insertDeliveries(deliveries.length / 4)(trx, deliveries)
    return results
  }

  type Pending = { lead: NewLead; outbox: Outbox; resolve: (r: InsertResult) => void; reject: (e: unknown) => void }
  const queue: Pending[] = []
  const flush = async () => {
    // A statement holds at most 32,766 values: 14 per lead, so a rush is stored a thousand at a time.
    const batch = queue.splice(0, MAX_BATCH)
    if (queue.length > 0) setImmediate(() => void flush())
    if (batch.length === 0) return
    try {
      const results = await db.transaction().execute((trx) => insertBatch(trx, batch))
      batch.forEach((p, i) => p.resolve(results[i]))
    } catch (error) {
      for (const p of batch) p.reject(error)
    }
  }
  const insert: LeadStore['insert'] = traits.shared
    ? // Each server's lead in its own transaction: leads wait on each other only for the same key.
      async (lead, outbox) => (await db.transaction().execute((trx) => insertBatch(trx, [{ lead, outbox }])))[0]
    : // One writer: leads arriving in one turn of the event loop share one transaction, so one fsync.
      (lead, outbox) =>
        new Promise((resolve, reject) => {
          if (queue.push({ lead, outbox, resolve, reject }) === 1) setImmediate(() => void flush())
        })

  /** Every row of a table in id order, a page at a time. */
  const everyRow = async <T extends { id: number }>(page: (afterId: number) => Promise<T[]>): Promise<T[]> => {
    const rows: T[] = []
    for (let batch = await page(0); batch.length > 0; batch = batch.length < PAGE ? [] : await page(batch.at(-1)!.id))
      rows.push(...batch)
    return rows
  }

  /** The leads `which` selects and their deliveries, removed inside `trx` (deliveries first: they point at the leads). */
  const removeLeads = async (trx: Kysely<Tables>, which: LeadFilter): Promise<Removed> => {
    const deliveries = await trx
      .deleteFrom('deliveries')
      .where('lead_id', 'in', trx.selectFrom('leads').select('id').where(which))
      .executeTakeFirst()
    const leads = await trx.deleteFrom('leads').where(which).executeTakeFirst()
    return { leads: Number(leads.numDeletedRows), deliveries: Number(deliveries.numDeletedRows) }
  }
  /** After a removal: true when nothing of the removed rows is left on the disk that the database can reach now. */
  const eraseFromDisk = async (removed: Removed) =>
    removed.leads + removed.deliveries === 0 || !traits.eraseFromDisk || (await traits.eraseFromDisk(db as Kysely<unknown>))

  let lastPrune = 0
  const store: LeadStore = {
    insert,
    all: async () =>
      (
        await everyRow((afterId) =>
          db.selectFrom('leads').selectAll().where('id', '>', afterId).orderBy('id').limit(PAGE).execute(),
        )
      ).map(leadFromRow),
    async count() {
      const { n } = await db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(n)
    },
    async claimDue(now, limit, leaseUntil) {
      const due = db
        .selectFrom('deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .orderBy('next_attempt_at')
        .limit(limit)
        // SKIP LOCKED: two servers polling at once take different deliveries instead of waiting or doubling.
        .$if(traits.shared, (query) => query.forUpdate().skipLocked())
      const claimed = await db
        .updateTable('deliveries')
        .set({ lease_until: leaseUntil })
        .where('id', 'in', due)
        .returningAll()
        .execute()
      if (claimed.length === 0) return []
      const leadIds = claimed.map((d) => d.lead_id)
      const leads = await db.selectFrom('leads').selectAll().where('id', 'in', leadIds).execute()
      const byId = new Map(leads.map((row) => [Number(row.id), leadFromRow(row)]))
      return claimed
        .map((row) => ({ ...deliveryFromRow(row), lead: byId.get(Number(row.lead_id))! }))
        .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id)
    },
    async markDelivered(id, now) {
      await db
        .updateTable('deliveries')
        .set((eb) => ({
          status: 'delivered',
          attempts: eb('attempts', '+', 1),
          delivered_at: now,
          lease_until: null,
          last_error: null,
        }))
        .where('id', '=', id)
        .execute()
    },
    async markFailed(id, error, nextAttemptAt) {
      await db
        .updateTable('deliveries')
        .set((eb) => ({
          status: nextAttemptAt === null ? 'dead' : 'pending',
          attempts: eb('attempts', '+', 1),
          next_attempt_at: nextAttemptAt ?? eb.ref('next_attempt_at'),
          lease_until: null,
          last_error: error,
        }))
        .where('id', '=', id)
        .execute()
    },
    async deliveries(filter) {
      const rows = await everyRow((afterId) =>
        db
          .selectFrom('deliveries')
          .selectAll()
          .where('id', '>', afterId)
          .$if(filter === 'open', (query) => query.where('status', '!=', 'delivered'))
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      )
      return rows.map(deliveryFromRow)
    },
    async requeue(target, now, giveUpAt) {
      if ('ids' in target && target.ids.length === 0) return 0
      const result = await db
        .updateTable('deliveries')
        .set({ status: 'pending', next_attempt_at: now, give_up_at: giveUpAt, lease_until: null, delivered_at: null })
        .where((eb) => ('dead' in target ? eb('status', '=', 'dead') : eb('id', 'in', target.ids)))
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },
    async purgeBefore(cutoff) {
      const expired: LeadFilter = (eb) => eb('created_at', '<', new Date(cutoff).toISOString())
      const purged = await db.transaction().execute(async (trx): Promise<Purged> => {
        const removed = await removeLeads(trx, (eb) => eb.and([expired(eb), eb.not(undelivered(eb))]))
        const { n } = await trx
          .selectFrom('leads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(expired)
          .executeTakeFirstOrThrow()
        return { ...removed, undelivered: Number(n) }
      })
      // A purge that could not empty the log now leaves it to the next one, within the hour.
      await eraseFromDisk(purged)
      return purged
    },
    async findByEmail(email) {
      const ids = await leadIdsByEmail(db, email)
      if (ids.length === 0) return { leads: [], deliveries: [] }
      const leads = await db.selectFrom('leads').selectAll().where('id', 'in', ids).orderBy('id').execute()
      const deliveries = await db.selectFrom('deliveries').selectAll().where('lead_id', 'in', ids).orderBy('id').execute()
      return { leads: leads.map(leadFromRow), deliveries: deliveries.map(deliveryFromRow) }
    },
    async eraseByEmail(email) {
      const removed = await db.transaction().execute(async (trx) => {
        const ids = await leadIdsByEmail(trx, email)
        return ids.length === 0 ? { leads: 0, deliveries: 0 } : removeLeads(trx, (eb) => eb('id', 'in', ids))
      })
      if (!(await eraseFromDisk(removed)))
        throw new Error(
          `erased ${removed.leads} lead(s) and ${removed.deliveries} delivery record(s), but another process was reading ` +
            'the database, so its write-ahead log (the -wal file) still holds them: run the same command again',
        )
      return removed
    },
    close: () => db.destroy(),
  }
  if (traits.shared) {
    store.rateLimitCount = async (key, windowMs, now) => {
      const ended = now - windowMs
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: now, count: 1 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet((eb) => ({
            count: eb
              .case()
              .when('rate_limits.window_start', '<=', ended)
              .then(1)
              .else(eb('rate_limits.count', '+', 1))
              .end(),
            window_start: eb
              .case()
              .when('rate_limits.window_start', '<=', ended)
              .then(now)
              .else(eb.ref('rate_limits.window_start'))
              .end(),
          })),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow()
      if (now - lastPrune > windowMs) {
        lastPrune = now
        await db.deleteFrom('rate_limits').where('window_start', '<=', ended).execute()
      }
      return { count: Number(row.count), resetAt: Number(row.window_start) + windowMs }
    }
  }
  return store
}
