import { sql, type Kysely } from 'kysely'
import type { DialectTraits } from './dialects.ts'

type Migration = (db: Kysely<unknown>, traits: DialectTraits) => Promise<void>

/** The schema, one migration per release that changed it, for both databases. Never edit one that has shipped: add the next. */
const MIGRATIONS: readonly Migration[] = [
  async (db, { idType, createdAt }) => {
    await db.schema
      .createTable('leads')
      .addColumn('id', idType, (c) => (idType === 'integer' ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('created_at', createdAt.type, (c) => c.notNull().defaultTo(createdAt.default))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('contact', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('query', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('ip_address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('city', 'text')
      .addColumn('region', 'text')
      .addColumn('country', 'text')
      .addColumn('remote_address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('request_id', 'text', (c) => c.unique())
      .execute()
  },
  async (db, { idType, wholeType, shared }) => {
    await db.schema
      .createTable('deliveries')
      .addColumn('id', idType, (c) => (idType === 'integer' ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('lead_id', wholeType, (c) => c.notNull().references('leads.id'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('pending')
          .check(sql`status in ('pending', 'delivered', 'dead')`),
      )
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', wholeType, (c) => c.notNull())
      .addColumn('give_up_at', wholeType, (c) => c.notNull())
      .addColumn('lease_until', wholeType)
      .addColumn('last_error', 'text')
      .addColumn('delivered_at', wholeType)
      .addUniqueConstraint('deliveries_lead_id_channel_key', ['lead_id', 'channel'])
      .execute()
    await db.schema
      .createIndex('deliveries_due')
      .on('deliveries')
      .column('next_attempt_at')
      .where(sql.ref('status'), '=', 'pending')
      .execute()
    // Counts lost in a crash only reset some windows early, so PostgreSQL need not log them.
    if (shared)
      await db.schema
        .createTable('rate_limits')
        .modifyFront(sql`unlogged`)
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute()
  },
  // What was submitted under a request_id, so the same key with another lead is told apart from a retry.
  async (db) => {
    await db.schema.alterTable('leads').addColumn('request_fingerprint', 'text').execute()
  },
]

/**
 * Brings a database to the latest schema in one transaction: a failed step leaves it as it was. The version
 * is kept where earlier releases kept it (user_version, schema_migrations), so their databases migrate on.
 */
export async function migrate(db: Kysely<unknown>, traits: DialectTraits): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let version = await traits.schemaVersion(trx); version < MIGRATIONS.length; version++) {
      await MIGRATIONS[version](trx, traits)
      await traits.setSchemaVersion(trx, version + 1)
    }
  })
}
