import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'

/** Checked results by key, kept between builds. */
export interface ResultStore {
  get(key: string): string | undefined
  has(key: string): boolean
  /** Keeps a result; `value` is called when it is written. */
  put(key: string, value: () => string): void
  /** Holds puts back until the returned `flush`, which writes them in one transaction. */
  defer(): () => void
}

/** A result not used for this long is removed when a store opens. */
const KEEP_DAYS = 30

const today = () => Math.floor(Date.now() / 86_400_000)

/** One store per folder and thread: a SQLite connection belongs to the thread that opened it. */
const stores = new Map<string, ResultStore | undefined>()

/**
 * The results kept in `cacheDir`, one SQLite file for all of them. A cold build of a large site
 * keeps a result per page: 1,000 of them written as files took 0.54 s, nearly all of it system
 * time (a new inode each), against 0.11 s in one transaction. WAL lets parallel builds and threads
 * read while one writes. Undefined when the folder cannot hold it (a read-only disk): results are
 * then kept in memory only.
 */
export function resultStore(cacheDir: string): ResultStore | undefined {
  if (stores.has(cacheDir)) return stores.get(cacheDir)
  let store: ResultStore | undefined
  try {
    store = openStore(cacheDir)
  } catch {
    store = undefined
  }
  stores.set(cacheDir, store)
  return store
}

function openStore(cacheDir: string): ResultStore {
  mkdirSync(cacheDir, { recursive: true })
  const db = new Database(path.join(cacheDir, 'checked.db'))
  db.pragma('journal_mode = WAL')
  // A result lost to a power cut is checked again; it is not worth a sync per write.
  db.pragma('synchronous = NORMAL')
  db.pragma('busy_timeout = 10000')
  // Pages are read from a mapping of the file rather than by a system call each.
  db.pragma('mmap_size = 1073741824')
  db.exec(`
    -- A table with row ids: its key index holds the keys alone, so a lookup reads a few small
    -- pages, where a table ordered by key (WITHOUT ROWID) spreads them among the 25 KB values. The
    -- day of use comes before the value: reading it never walks the value's overflow pages.
    CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, used INTEGER NOT NULL, value TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS results_by_use ON results (used);
  `)
  // Once a day at most: the day of the last clean-up is kept as the file's user_version.
  if (db.pragma('user_version', { simple: true }) !== today()) {
    db.prepare('DELETE FROM results WHERE used < ?').run(today() - KEEP_DAYS)
    db.pragma(`user_version = ${today()}`)
  }
  const select = db.prepare<[string], { value: string }>('SELECT value FROM results WHERE key = ?')
  const exists = db.prepare<[string], { found: number }>('SELECT 1 AS found FROM results WHERE key = ?')
  const insert = db.prepare(
    'INSERT INTO results (key, used, value) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET used = excluded.used',
  )
  const touch = db.prepare('UPDATE results SET used = ? WHERE key = ? AND used < ?')

  let held: Map<string, () => string> | undefined
  /** Keys read since the last write, whose day of use is brought forward then. */
  const used = new Set<string>()
  const write = db.transaction((entries: [string, () => string][]) => {
    const day = today()
    for (const [key, value] of entries) insert.run(key, day, value())
    for (const key of used) touch.run(day, key, day)
    used.clear()
  })
  const writeQuietly = (entries: [string, () => string][]) => {
    try {
      write(entries)
    } catch {
      // A locked or full disk only costs the next build its head start.
    }
  }
  return {
    get(key) {
      const value = select.get(key)?.value
      if (value !== undefined) used.add(key)
      return value
    },
    has: (key) => exists.get(key) !== undefined,
    put(key, value) {
      if (held) held.set(key, value)
      else writeQuietly([[key, value]])
    },
    defer() {
      held ??= new Map()
      return () => {
        const entries = [...(held ?? [])]
        held = undefined
        writeQuietly(entries)
      }
    },
  }
}
