import { existsSync, mkdirSync, mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { KEEP_UNUSED_MS, keptFile, pruneUnused } from './files.ts'

const DAY = 86_400_000

describe('the caches that keep a file per key', () => {
  it('remove the files no build has used for 30 days, and keep the others', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'kept-'))
    const old = path.join(folder, 'old.txt')
    const recent = path.join(folder, 'recent.txt')
    writeFileSync(old, 'a')
    writeFileSync(recent, 'b')
    const now = Date.now()
    utimesSync(old, new Date(now - KEEP_UNUSED_MS - DAY), new Date(now - KEEP_UNUSED_MS - DAY))
    utimesSync(recent, new Date(now - KEEP_UNUSED_MS + DAY), new Date(now - KEEP_UNUSED_MS + DAY))
    pruneUnused(folder, now)
    expect([existsSync(old), existsSync(recent)]).toEqual([false, true])
  })

  it('mark a file used when it is asked for, so a cache in use keeps it', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'kept-root-'))
    const folder = path.join(root, 'node_modules/.cache/test-cache')
    mkdirSync(folder, { recursive: true })
    const file = path.join(folder, 'entry.txt')
    writeFileSync(file, 'x')
    const longAgo = new Date(Date.now() - 20 * DAY)
    utimesSync(file, longAgo, longAgo)
    expect(keptFile(root, 'test-cache', 'entry.txt')).toBe(file)
    expect(Date.now() - statSync(file).mtimeMs).toBeLessThan(DAY)
  })

  it('keep nothing without a node_modules folder', () =>
    expect(keptFile(mkdtempSync(path.join(tmpdir(), 'kept-bare-')), 'test-cache', 'entry.txt')).toBeUndefined())
})
