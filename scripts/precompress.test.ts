import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { precompress } from './precompress.ts'

const temp = mkdtempSync(path.join(tmpdir(), 'precompress-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))
const cacheDir = path.join(temp, 'cache')
const chunk = Array.from({ length: 800 }, (_, i) => `export const value${i} = "entry ${i}";`).join('\n')

/** A build's output folder with one chunk large enough to compress and one too small. */
function dist(name: string) {
  const dir = path.join(temp, name)
  mkdirSync(path.join(dir, 'assets'), { recursive: true })
  writeFileSync(path.join(dir, 'assets/app-abc123.js'), chunk)
  writeFileSync(path.join(dir, 'assets/tiny-def456.js'), 'export {}')
  return dir
}

describe('precompressed assets', () => {
  it('writes .br and .gz of the chunks worth it, and keeps them for the next build', async () => {
    const dir = dist('first')
    expect(await precompress(dir, { cacheDir })).toBe(1)
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'assets/app-abc123.js.br'))).toString()).toBe(chunk)
    expect(gunzipSync(readFileSync(path.join(dir, 'assets/app-abc123.js.gz'))).toString()).toBe(chunk)
    expect(existsSync(path.join(dir, 'assets/tiny-def456.js.br'))).toBe(false)
    expect(readdirSync(cacheDir).sort()).toEqual([expect.stringMatching(/\.br$/), expect.stringMatching(/\.gz$/)])
  })

  it('reuses what an earlier build compressed from the same bytes', async () => {
    // A kept file that differs from what compressing would give shows it was reused, not remade.
    const kept = readdirSync(cacheDir).find((f) => f.endsWith('.br'))!
    const marker = brotliCompressSync('reused')
    writeFileSync(path.join(cacheDir, kept), marker)
    const dir = dist('second')
    await precompress(dir, { cacheDir })
    expect(readFileSync(path.join(dir, 'assets/app-abc123.js.br'))).toEqual(marker)
    // Other bytes are compressed afresh.
    const other = dist('third')
    writeFileSync(path.join(other, 'assets/app-abc123.js'), `${chunk}\n// changed`)
    await precompress(other, { cacheDir })
    expect(brotliDecompressSync(readFileSync(path.join(other, 'assets/app-abc123.js.br'))).toString()).toBe(
      `${chunk}\n// changed`,
    )
  })

  it('compresses without a cache folder too, at the quality asked for', async () => {
    const dir = dist('uncached')
    expect(await precompress(dir, { quality: 5 })).toBe(1)
    const params = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: chunk.length }
    expect(readFileSync(path.join(dir, 'assets/app-abc123.js.br'))).toEqual(brotliCompressSync(chunk, { params }))
    expect(gunzipSync(readFileSync(path.join(dir, 'assets/app-abc123.js.gz'))).toString()).toBe(chunk)
  })

  it('drops what no build used for 30 days', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000)
    for (const f of readdirSync(cacheDir)) utimesSync(path.join(cacheDir, f), old, old)
    const dir = path.join(temp, 'empty')
    cpSync(dist('fourth'), dir, { recursive: true })
    rmSync(path.join(dir, 'assets/app-abc123.js'))
    await precompress(dir, { cacheDir })
    expect(readdirSync(cacheDir)).toEqual([])
  })
})
