import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { takeLock } from './build-lock.ts'

const lockFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'build-lock-')), 'lock')

describe('takeLock', () => {
  it('lets one holder in at a time; the second waits for the release, saying so once', async () => {
    const file = lockFile()
    const said: string[] = []
    const release = await takeLock(file, { what: 'dist/' })
    const order: string[] = []
    const second = takeLock(file, { what: 'dist/', say: (m) => said.push(m) }).then((releaseSecond) => {
      order.push('second')
      return releaseSecond
    })
    await new Promise((resolve) => setTimeout(resolve, 350))
    order.push('first done')
    release()
    ;(await second)()
    expect(order).toEqual(['first done', 'second'])
    expect(said).toEqual([`Another build (process ${process.pid}) is writing dist/; this one starts when it is done.`])
    expect(existsSync(file)).toBe(false)
  })

  it('takes over the lock of a process that is gone', async () => {
    const file = lockFile()
    const child = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => child.on('exit', resolve))
    writeFileSync(file, String(child.pid))
    const release = await takeLock(file, { what: 'dist/', say: () => expect.fail('nothing to wait for') })
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid))
    release()
  })

  it('gives up after its wait with a message that says what to do', async () => {
    const file = lockFile()
    const release = await takeLock(file, { what: 'dist/' })
    await expect(takeLock(file, { what: 'dist/', waitMs: 200, say: () => undefined })).rejects.toThrow(
      new RegExp(`Another build \\(process ${process.pid}\\) has been writing dist/.*delete ${file}`),
    )
    release()
  })
})
