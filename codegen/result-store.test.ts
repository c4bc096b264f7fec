import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { resultStore } from './result-store.ts'

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
    expect(store.has('a')).toBe(true)
    expect(store.get('b')).toBeUndefined()
    expect(store.has('b')).toBe(false)
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

  it('forgets results unused for 30 days when it first opens on a day', async () => {
    const dir = path.join(temp, 'pruned')
    const store = resultStore(dir)!
    store.put('old', () => '1')
    store.put('recent', () => '2')
    const db = new Database(path.join(dir, 'checked.db'))
    const day = Math.floor(Date.now() / 86_400_000)
    db.prepare('UPDATE results SET used = ? WHERE key = ?').run(day - 31, 'old')
    db.prepare('UPDATE results SET used = ? WHERE key = ?').run(day - 29, 'recent')
    // The last clean-up was yesterday.
    db.pragma(`user_version = ${day - 1}`)
    db.close()
    // Another build opens the same file: a store of its own.
    vi.resetModules()
    const { resultStore: openAgain } = await import('./result-store.ts')
    expect(openAgain(dir)!.has('old')).toBe(false)
    expect(keysOnDisk(dir)).toEqual(['recent'])
  })

  it('is none where the folder cannot be made, and the build goes on without it', () => {
    const blocked = path.join(temp, 'a-file')
    writeFileSync(blocked, '')
    expect(resultStore(path.join(blocked, 'cache'))).toBeUndefined()
  })
})
