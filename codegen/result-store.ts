import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { warnRebuiltCache, warnUnwritableCache } from './files.ts'

/** Checked results by key, kept between builds. */
export interface ResultStore {
  get(key: string): string | undefined
  /** Keeps a result; `value` is called when it is written. */
  put(key: string, value: () => string): void
  /** Holds puts back until the returned `flush`, which writes them in one transaction. */
  defer(): () => void
}

const today = () => Math.floor(Date.now() / 86_400_000)

/** One store per folder and thread: a SQLite connection belongs to the thread that opened it. */
const stores = new Map<string, ResultStore | undefined>()

/**
 * The results kept in `cacheDir`, in one SQLite file (a file per result cost five times the time); WAL
 * lets parallel builds read while one writes. A file that cannot be read is made again; undefined when
 * the folder cannot hold one (a read-only disk), results then kept in memory. Either is said on stderr.
 */
export function resultStore(cacheDir: string): ResultStore | undefined {
  if (stores.has(cacheDir)) return stores.get(cacheDir)
  let store: ResultStore | undefined
  try {
    mkdirSync(cacheDir, { recursive: true })
    store = openStore(path.join(cacheDir, 'checked.db'))
  } catch (error) {
    warnUnwritableCache(cacheDir, error)
  }
  stores.set(cacheDir, store)
  return store
}

/** A file that opens but is not a store of results as this code keeps them. */
class NotAStore extends Error {}

/** What SQLite says of a file whose pages are not sound: it is made again, it cannot be mended. */
const isDamaged = (error: unknown) =>
  error instanceof NotAStore ||
  (error instanceof Database.SqliteError && /^SQLITE_(CORRUPT|NOTADB|IOERR_SHORT_READ)/.test(error.code))

/** Another build holds the file: it is sound, and must not be pulled from under that build. */
const isBusy = (error: unknown) => error instanceof Database.SqliteError && /^SQLITE_(BUSY|LOCKED)/.test(error.code)

/** Deletes the store's file with its log (which would be replayed into a new file), says so, and opens a new one. */
function rebuild(file: string, error: unknown): Connection {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true })
  const connection = connect(file)
  warnRebuiltCache(file, error)
  return connection
}

function openStore(file: string): ResultStore {
  let connection: Connection
  try {
    connection = connect(file)
  } catch (error) {
    // Whatever else keeps a file from opening, a new file is tried: a folder that cannot hold one fails again.
    if (isBusy(error)) throw error
    connection = rebuild(file, error)
  }
  /** Makes the store again when a read or write finds damaged pages; false for any other error. */
  const recovered = (error: unknown) => {
    if (!isDamaged(error)) return false
    connection.db.close()
    connection = rebuild(file, error)
    return true
  }
  let held: Map<string, () => string> | undefined
  const writeQuietly = (entries: [string, () => string][]) => {
    try {
      try {
        connection.write(entries)
      } catch (error) {
        // What this build checked goes into the new file.
        if (recovered(error)) connection.write(entries)
      }
    } catch {
      // A locked or full disk only costs the next build its head start.
    }
  }
  return {
    get(key) {
      // A read that finds damaged pages misses, and the store is made again.
      try {
        return connection.select.get(key)?.value
      } catch (error) {
        if (recovered(error)) return undefined
        throw error
      }
    },
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

type Connection = ReturnType<typeof connect>

/** An open store file and its statements. Throws if the file is not a sound store. */
function connect(file: string) {
  const db = new Database(file)
  try {
    db.pragma('journal_mode = WAL')
    // A result lost to a power cut is checked again; it is not worth a sync per write.
    db.pragma('synchronous = NORMAL')
    db.pragma('busy_timeout = 10000')
    // Pages are read from a mapping of the file rather than by a system call each.
    db.pragma('mmap_size = 1073741824')
    db.exec(`
      -- A table with row ids: its key index holds the keys alone, so a lookup reads a few small
      -- pages, where a table ordered by key (WITHOUT ROWID) spreads them among the 25 KB values.
      -- Nothing is evicted: the store's folder lives as long as its key (codegen/store.ts).
      CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `)
    const columns = (db.pragma('table_info(results)') as { name: string }[]).map((c) => c.name).join(', ')
    if (columns !== 'key, value') throw new NotAStore(`its results table has the columns ${columns}`)
    // The check reads every page, so once a day at most (the day is kept as user_version); a damaged
    // page met in between is found by the read that meets it.
    if (db.pragma('user_version', { simple: true }) !== today()) {
      const check = db.pragma('quick_check', { simple: true })
      if (check !== 'ok') throw new NotAStore(`its quick check failed: ${String(check).split('\n').join(' ')}`)
      db.pragma(`user_version = ${today()}`)
    }
    // A key is put again only when its kept value could not be used: the new value replaces it.
    const insert = db.prepare('INSERT OR REPLACE INTO results (key, value) VALUES (?, ?)')
    return {
      db,
      select: db.prepare<[string], { value: string }>('SELECT value FROM results WHERE key = ?'),
      write: db.transaction((entries: [string, () => string][]) => {
        for (const [key, value] of entries) insert.run(key, value())
      }),
    }
  } catch (error) {
    db.close()
    throw error
  }
}
