import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import {
  Kysely,
  PostgresDialect,
  sql,
  SqliteDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely'
import pg from 'pg'
import { isDatabaseUnavailable } from './database-unavailable.ts'
import type { Tables } from './rows.ts'

/** Where SQLite and PostgreSQL cannot say the same thing: every query of the store is written once against Kysely. */
export interface DialectTraits {
  /** Column types the migrations cannot name neutrally: the auto-numbered id and the creation time. */
  idType: 'integer' | 'bigserial'
  /** A 64-bit whole number (epoch milliseconds, a lead's id): INTEGER is one on SQLite. */
  wholeType: 'integer' | 'bigint'
  createdAt: { type: 'text' | 'timestamptz'; default: ReturnType<typeof sql> }
  /** Several servers share this database (due deliveries taken SKIP LOCKED, rate limit counted in it); SQLite has one writer. */
  shared: boolean
  /**
   * After leads are removed, takes what is left of them off the disk; false when it could not finish
   * now. SQLite only: PostgreSQL's VACUUM reclaims dead rows on its own schedule.
   */
  eraseFromDisk?(db: Kysely<unknown>): Promise<boolean>
  /** The schema version a database is at, and recording it; run inside the migration transaction. */
  schemaVersion(db: Kysely<unknown>): Promise<number>
  setSchemaVersion(db: Kysely<unknown>, version: number): Promise<void>
}

export interface OpenedDatabase {
  db: Kysely<Tables>
  traits: DialectTraits
}

/** Prepared statements kept by their SQL, so a query the store runs often is parsed once (Kysely prepares each time). */
function withStatementCache(database: Database.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>()
  return {
    prepare(text) {
      let statement = statements.get(text)
      if (!statement) {
        // The store's queries are a fixed set, one per batch size (prepared.ts) and requeue's lists of ids.
        if (statements.size > 500) statements.clear()
        statement = database.prepare(text) as unknown as SqliteStatement
        statements.set(text, statement)
      }
      return statement
    },
    close: () => database.close(),
  }
}

/** The SQLite file: one server process (WAL, a commit is on disk before the answer). */
export function openSqlite(file: string): OpenedDatabase {
  mkdirSync(path.dirname(file), { recursive: true })
  const database = new Database(file)
  try {
    database.pragma('journal_mode = WAL')
    // FULL: a commit is on disk before the API answers, so an acknowledged lead survives a power cut.
    database.pragma('synchronous = FULL')
    database.pragma('busy_timeout = 5000')
    database.pragma('foreign_keys = ON')
    // Deleted rows are overwritten with zeros, not left in free space: an erased lead leaves no bytes behind.
    database.pragma('secure_delete = ON')
  } catch (error) {
    database.close()
    throw error
  }
  return {
    db: new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) }),
    traits: {
      idType: 'integer',
      wholeType: 'integer',
      createdAt: { type: 'text', default: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` },
      shared: false,
      // TRUNCATE: the log's frames (which still hold the rows as they were before the delete) go back
      // into the file and the log is cut to nothing. busy: a reader in another process held it back.
      async eraseFromDisk(db) {
        const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db)
        return rows[0]?.busy === 0
      },
      // PRAGMA user_version: a number in the file's header, written in the same transaction.
      async schemaVersion(db) {
        const { rows } = await sql<{ user_version: number }>`pragma user_version`.execute(db)
        return rows[0].user_version
      },
      async setSchemaVersion(db, version) {
        await sql`pragma user_version = ${sql.raw(String(Math.trunc(version)))}`.execute(db)
      },
    },
  }
}

/** Several servers starting at once migrate once: the first takes this lock, the others wait for it. */
const MIGRATION_LOCK = 7_240_113

// BIGINT columns (ids, epoch milliseconds) fit a JS number; read them as numbers, not strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

/** How long a request waits for a connection (a healthy server takes milliseconds): a 503 well inside the 10 s request time-out. */
const CONNECT_TIMEOUT_MS = 3000
/** How long one statement may take: every one takes milliseconds, so longer means a silent connection TCP would take minutes to notice. */
const STATEMENT_TIMEOUT_MS = 5000

/**
 * The pool as Kysely takes it, each checked-out client guarded: its 'error' (fatal unless listened to)
 * is listened to, and a client a statement found broken is released with that error, so the pool
 * discards it instead of handing it to the next request.
 */
function guardedPool(pool: pg.Pool): PostgresPool {
  return {
    connect: () =>
      new Promise<PostgresPoolClient>((resolve, reject) => {
        pool.connect((error, client) => {
          if (error || !client) return reject(error)
          let lost: Error | undefined
          let broken: Error | undefined
          const onError = (e: Error) => (lost ??= e)
          client.on('error', onError)
          resolve({
            async query(text: string, values: unknown[]) {
              // A broken connection ended its transaction on the server; a sound one is rolled back for reuse.
              const rollback = text === 'rollback'
              if (rollback && (broken ?? lost)) return { command: 'ROLLBACK', rowCount: 0, rows: [] }
              try {
                // node-postgres reads query_timeout per query too; its types omit it.
                return await client.query({ text, values, query_timeout: STATEMENT_TIMEOUT_MS } as pg.QueryConfig)
              } catch (e) {
                const failure = isDatabaseUnavailable(e) ? (e as Error) : (lost ?? (e as Error))
                if (isDatabaseUnavailable(failure) || rollback) broken ??= failure
                // A failed rollback leaves the transaction's own error to be reported, not its own.
                if (rollback) return { command: 'ROLLBACK', rowCount: 0, rows: [] }
                throw failure
              }
            },
            release(discard?: boolean) {
              client.release(broken ?? lost ?? (discard ? new Error('connection discarded') : undefined))
              client.off('error', onError)
            },
          } as unknown as PostgresPoolClient)
        })
      }),
    end: () => pool.end(),
  }
}

/** The PostgreSQL database of DATABASE_URL: several server instances may share it. */
export function openPostgres(connectionString: string): OpenedDatabase {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  // An idle client that loses its server is dropped and replaced; it must not crash the process.
  pool.on('error', () => undefined)
  return {
    db: new Kysely<Tables>({ dialect: new PostgresDialect({ pool: guardedPool(pool) }) }),
    traits: {
      idType: 'bigserial',
      wholeType: 'bigint',
      createdAt: { type: 'timestamptz', default: sql`now()` },
      shared: true,
      async schemaVersion(db) {
        await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(db)
        await sql`create table if not exists schema_migrations (version integer primary key)`.execute(db)
        const { rows } = await sql<{ version: number | null }>`select max(version) as version from schema_migrations`.execute(db)
        return rows[0].version ?? 0
      },
      async setSchemaVersion(db, version) {
        await sql`insert into schema_migrations (version) values (${version}) on conflict do nothing`.execute(db)
      },
    },
  }
}
