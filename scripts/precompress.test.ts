import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { precompress } from './precompress.ts'

const temp = mkdtempSync(path.join(tmpdir(), 'precompress-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))
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
  it('writes .br and .gz of the chunks worth it', async () => {
    const dir = dist('first')
    expect(await precompress(dir)).toBe(1)
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'assets/app-abc123.js.br'))).toString()).toBe(chunk)
    expect(gunzipSync(readFileSync(path.join(dir, 'assets/app-abc123.js.gz'))).toString()).toBe(chunk)
    expect(existsSync(path.join(dir, 'assets/tiny-def456.js.br'))).toBe(false)
  })

  it('compresses at the quality asked for', async () => {
    const dir = dist('quality')
    expect(await precompress(dir, { quality: 5 })).toBe(1)
    const params = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: chunk.length }
    expect(readFileSync(path.join(dir, 'assets/app-abc123.js.br'))).toEqual(brotliCompressSync(chunk, { params }))
    expect(gunzipSync(readFileSync(path.join(dir, 'assets/app-abc123.js.gz'))).toString()).toBe(chunk)
  })
})
