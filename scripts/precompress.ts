import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, stat, utimes, writeFile } from 'node:fs/promises'
import { filesUnder, pruneUnused } from '../codegen/files.ts'
import path from 'node:path'
import { promisify } from 'node:util'
import { threadId } from 'node:worker_threads'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)
const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt|map)$/
/** Smaller files are compressed by the server on first request. */
const MIN_BYTES = 10 * 1024

/** The .br and .gz of `body` at these settings, from the cache when an earlier build made them. */
async function compressed(body: Buffer, quality: number, cacheDir: string | undefined): Promise<[Buffer, Buffer]> {
  // The same bytes, settings and compressor versions give the same output.
  const key = createHash('sha256')
    .update(`${quality} ${process.versions.brotli} ${process.versions.zlib}\0`)
    .update(body)
    .digest('hex')
  const kept = cacheDir ? [`${key}.br`, `${key}.gz`].map((name) => path.join(cacheDir, name)) : []
  if (kept.length > 0)
    try {
      const found = (await Promise.all(kept.map((file) => readFile(file)))) as [Buffer, Buffer]
      const now = new Date()
      await Promise.all(kept.map((file) => utimes(file, now, now)))
      return found
    } catch {
      // Not kept yet: compressed below.
    }
  const made = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: 9 }),
  ])
  try {
    await Promise.all(
      kept.map(async (file, i) => {
        const temp = `${file}.${process.pid}.${threadId}.tmp`
        await writeFile(temp, made[i])
        await rename(temp, file)
      }),
    )
  } catch {
    // A read-only or full disk only costs the next build the compression.
  }
  return made
}

/** The files of `dir` (nested) worth sending compressed: text of MIN_BYTES or more. */
export async function compressibleFiles(dir: string): Promise<string[]> {
  const found: string[] = []
  for (const file of filesUnder(dir).map((rel) => path.join(dir, rel)))
    if (COMPRESSIBLE.test(file) && (await stat(file)).size >= MIN_BYTES) found.push(file)
  return found
}

/** Brotli quality for a file of `bytes` when none is asked for. */
const bestQuality = (bytes: number) =>
  // Quality 11 pays off on the big shared chunks; on a chunk of some 12 KB quality 6 gives the
  // same bytes as 9 (4,409 against 4,405) in 0.23 ms instead of 7.7 ms.
  bytes > 20_000 ? 11 : 6

export interface CompressOptions {
  /** Where compressed files are kept by a hash of their bytes and settings (see `precompress`). */
  cacheDir?: string
  concurrency?: number
  /** One brotli quality for every file; by default 11 for a file over 20 KB and 6 below. */
  quality?: number
}

/** Writes `file`.br and `file`.gz beside each of `files`; returns how many it compressed. */
export async function compressFiles(files: string[], { cacheDir, concurrency = 8, quality }: CompressOptions = {}) {
  const queue = [...files]
  if (cacheDir) {
    await mkdir(cacheDir, { recursive: true })
    pruneUnused(cacheDir)
  }
  const worker = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const body = await readFile(file)
      const [br, gzipped] = await compressed(body, quality ?? bestQuality(body.length), cacheDir)
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)])
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return files.length
}

/**
 * Writes .br and .gz beside the hashed assets (`dir`/assets), compressed once at the best setting
 * since they are cached for a year. HTML and page data files are left to the server (it compresses
 * each file once, on first request) or the CDN: precompressing thousands of pages would dominate the
 * build time.
 *
 * With `cacheDir`, each compressed file is kept there under a hash of the asset's bytes: a build
 * whose chunk did not change (React, the router, the shell: most of the bytes) reuses it, where
 * quality 11 spends 0.3 s on the largest chunk alone.
 */
export async function precompress(dir: string, options: CompressOptions = {}) {
  return compressFiles(await compressibleFiles(path.join(dir, 'assets')), options)
}
