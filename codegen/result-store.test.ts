import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { resultStore, type ResultStore } from './result-store.ts'

const temp = mkdtempSync(path.join(tmpdir(), 'result-store-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

/** Reads a store's file with a connection of its own, as another build would. */
function keysOnDisk(dir: string): string[] {
  const db = new Database(path.join(dir, 'checked.db'), { readonly: true })
  try {
    return db
      .prepare<[], { key: string }>('SELECT key FROM results ORDER BY key')
      .all()
      .map((r) => r.key)
  } finally {
    db.close()
  }
}

describe('the store of checked results', () => {
  it('keeps a result for the next build, and finds it by key', () => {
    const dir = path.join(temp, 'kept')
    const store = resultStore(dir)!
    store.put('a', () => '{"ok":1}')
    expect(store.get('a')).toBe('{"ok":1}')
    expect(store.get('b')).toBeUndefined()
    expect(keysOnDisk(dir)).toEqual(['a'])
  })

  it('holds results back while deferring, then writes them all at once', () => {
    const dir = path.join(temp, 'deferred')
    const store = resultStore(dir)!
    const flush = store.defer()
    let made = 0
    for (const key of ['x', 'y']) store.put(key, () => String(++made))
    expect(made).toBe(0)
    expect(keysOnDisk(dir)).toEqual([])
    flush()
    expect(made).toBe(2)
    expect(keysOnDisk(dir)).toEqual(['x', 'y'])
  })

  it('is none where the folder cannot be made, and the build goes on without it, saying so once', () => {
    const blocked = path.join(temp, 'a-file')
    writeFileSync(blocked, '')
    const dir = path.join(blocked, 'cache')
    const said = stderrOf(() => {
      expect(resultStore(dir)).toBeUndefined()
      expect(resultStore(dir)).toBeUndefined()
    })
    expect(said).toEqual([
      expect.stringMatching(new RegExp(`^the content cache at ${dir} cannot be written \\(.+\\): results are kept in memory`)),
    ])
  })
})

/** Lines the store writes on stderr while `run` runs. */
function stderrOf(run: () => void): string[] {
  const lines: string[] = []
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean))
    return true
  })
  try {
    run()
  } finally {
    spy.mockRestore()
  }
  return lines
}

/** A store file of `rows` results written by another build, which is then closed. */
function storeOnDisk(dir: string, rows: number, lastCheck: number) {
  mkdirSync(dir, { recursive: true })
  const db = new Database(path.join(dir, 'checked.db'))
  db.pragma('journal_mode = WAL')
  db.exec(`
    CREATE TABLE results (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `)
  const insert = db.prepare('INSERT INTO results VALUES (?, ?)')
  for (let i = 0; i < rows; i++) insert.run(`key${i}`, 'v'.repeat(10_000))
  db.pragma(`user_version = ${lastCheck}`)
  db.close()
}

/** Overwrites the file's pages from `firstPage` (counted from 0) on with bytes that are no page at all. */
function scramblePages(file: string, firstPage: number, count: number) {
  const fd = openSync(file, 'r+')
  try {
    writeSync(fd, Buffer.alloc(4096 * count, 0x5a), 0, 4096 * count, 4096 * firstPage)
  } finally {
    closeSync(fd)
  }
}

/** A store opened by a new build: a module of its own, as another process has. */
async function openInNewBuild(dir: string) {
  vi.resetModules()
  const { resultStore: open } = await import('./result-store.ts')
  return open(dir)
}

describe('a store that cannot be read', () => {
  const day = Math.floor(Date.now() / 86_400_000)
  const rebuilt = (dir: string) =>
    new RegExp(`^the content cache at ${path.join(dir, 'checked.db')} could not be read \\(.+\\) and was rebuilt$`)

  it('is rebuilt when the file is not a database, with its old log, and says so once', async () => {
    const dir = path.join(temp, 'garbage')
    mkdirSync(dir)
    writeFileSync(path.join(dir, 'checked.db'), 'this is not a database '.repeat(500))
    writeFileSync(path.join(dir, 'checked.db-wal'), 'left over')
    writeFileSync(path.join(dir, 'checked.db-shm'), 'left over')
    let store: ResultStore | undefined
    const said = stderrOf(() => {
      store = resultStore(dir)
      resultStore(dir)
    })
    expect(said).toHaveLength(1)
    expect(said[0]).toMatch(rebuilt(dir))
    for (const log of ['checked.db-wal', 'checked.db-shm']) {
      const file = path.join(dir, log)
      expect(existsSync(file) ? readFileSync(file, 'utf8') : '', log).not.toBe('left over')
    }
    store!.put('a', () => '1')
    expect((await openInNewBuild(dir))!.get('a')).toBe('1')
  })

  it('is rebuilt when its table has another layout', async () => {
    const dir = path.join(temp, 'other-layout')
    mkdirSync(dir)
    const db = new Database(path.join(dir, 'checked.db'))
    db.exec('CREATE TABLE results (key TEXT PRIMARY KEY, used INTEGER NOT NULL, value TEXT NOT NULL)')
    db.prepare('INSERT INTO results VALUES (?, ?, ?)').run('old', 1, '1')
    db.close()
    let store: ResultStore | undefined
    expect(stderrOf(() => (store = resultStore(dir)))).toEqual([expect.stringMatching(rebuilt(dir))])
    store!.put('a', () => '1')
    expect(keysOnDisk(dir)).toEqual(['a'])
  })

  it('is rebuilt when the first open of a day finds damaged pages', async () => {
    const dir = path.join(temp, 'damaged')
    storeOnDisk(dir, 20, day - 1)
    scramblePages(path.join(dir, 'checked.db'), 5, 10)
    let store: ResultStore | undefined
    expect(stderrOf(() => (store = resultStore(dir)))).toEqual([expect.stringMatching(rebuilt(dir))])
    expect(store!.get('key0')).toBeUndefined()
    store!.put('a', () => '1')
    expect((await openInNewBuild(dir))!.get('a')).toBe('1')
  })

  it('is rebuilt when a read finds damaged pages, and the read misses', async () => {
    const dir = path.join(temp, 'damaged-later')
    // Checked today already: the open does not look at the pages.
    storeOnDisk(dir, 20, day)
    scramblePages(path.join(dir, 'checked.db'), 1, 50)
    const store = resultStore(dir)!
    let found: string | undefined = 'not read'
    expect(stderrOf(() => (found = store.get('key0')))).toEqual([expect.stringMatching(rebuilt(dir))])
    expect(found).toBeUndefined()
    store.put('a', () => '1')
    expect(store.get('a')).toBe('1')
    expect((await openInNewBuild(dir))!.get('a')).toBe('1')
  })
})
