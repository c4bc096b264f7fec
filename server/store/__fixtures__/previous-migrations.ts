/**
 * The schema migrations of both databases exactly as the release before the one dialect-neutral
 * store wrote them (copied from lead-store-sqlite.ts and lead-store-postgres.ts): tests build a
 * database of that release with them and open it with today's store.
 */

/** SQLite: applied in order; PRAGMA user_version recorded how far a file was. */
export const SQLITE_MIGRATIONS = [
  `CREATE TABLE leads (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     contact TEXT NOT NULL,
     url TEXT NOT NULL DEFAULT '',
     message TEXT NOT NULL,
     query TEXT NOT NULL DEFAULT '',
     ip_address TEXT NOT NULL DEFAULT '',
     city TEXT,
     region TEXT,
     country TEXT,
     remote_address TEXT NOT NULL DEFAULT '',
     request_id TEXT UNIQUE
   )`,
  `CREATE TABLE deliveries (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     channel TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     give_up_at INTEGER NOT NULL,
     lease_until INTEGER,
     last_error TEXT,
     delivered_at INTEGER,
     UNIQUE (lead_id, channel)
   );
   CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending'`,
  // What was submitted under a request_id, so the same key with another lead is told apart from a retry.
  `ALTER TABLE leads ADD COLUMN request_fingerprint TEXT`,
]

/** PostgreSQL: applied in order; schema_migrations (version) recorded how far a database was. */
export const POSTGRES_MIGRATIONS = [
  `CREATE TABLE leads (
     id BIGSERIAL PRIMARY KEY,
     created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     contact TEXT NOT NULL,
     url TEXT NOT NULL DEFAULT '',
     message TEXT NOT NULL,
     query TEXT NOT NULL DEFAULT '',
     ip_address TEXT NOT NULL DEFAULT '',
     city TEXT,
     region TEXT,
     country TEXT,
     remote_address TEXT NOT NULL DEFAULT '',
     request_id TEXT UNIQUE
   )`,
  `CREATE TABLE deliveries (
     id BIGSERIAL PRIMARY KEY,
     lead_id BIGINT NOT NULL REFERENCES leads (id),
     channel TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at BIGINT NOT NULL,
     give_up_at BIGINT NOT NULL,
     lease_until BIGINT,
     last_error TEXT,
     delivered_at BIGINT,
     UNIQUE (lead_id, channel)
   );
   CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
   CREATE UNLOGGED TABLE rate_limits (key TEXT PRIMARY KEY, window_start BIGINT NOT NULL, count INTEGER NOT NULL)`,
  // What was submitted under a request_id, so the same key with another lead is told apart from a retry.
  `ALTER TABLE leads ADD COLUMN request_fingerprint TEXT`,
]
