import { readFile, stat, writeFile } from 'node:fs/promises'
import { filesUnder } from '../codegen/files.ts'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)
const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt|map)$/
/** Smaller files are compressed by the server on first request. */
const MIN_BYTES = 10 * 1024

/** The .br and .gz of `body` at this brotli quality. */
const compressed = (body: Buffer, quality: number) =>
  Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: 9 }),
  ])

/** The files of `dir` (nested) worth sending compressed: text of MIN_BYTES or more. */
export async function compressibleFiles(dir: string): Promise<string[]> {
  const found: string[] = []
  for (const file of filesUnder(dir).map((rel) => path.join(dir, rel)))
    if (COMPRESSIBLE.test(file) && (await stat(file)).size >= MIN_BYTES) found.push(file)
  return found
}

/** Brotli quality for a file of `bytes` when none is asked for: 11 pays off only on the big chunks. */
const bestQuality = (bytes: number) => (bytes > 20_000 ? 11 : 6)

/** One brotli quality for every file; by default bestQuality's. */
type CompressOptions = { quality?: number }

/** Writes `file`.br and `file`.gz beside each of `files`, 8 at a time; returns how many it compressed. */
export async function compressFiles(files: string[], { quality }: CompressOptions = {}) {
  const queue = [...files]
  const worker = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const body = await readFile(file)
      const [br, gzipped] = await compressed(body, quality ?? bestQuality(body.length))
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)])
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
  return files.length
}

/**
 * Writes .br and .gz beside the hashed assets (`dir`/assets), cached for a year. HTML and page data are
 * left to the server, which compresses each file on first request: thousands of pages would dominate the
 * build. Nothing is kept between builds: the compression runs beside the bundles and no build waits for it.
 */
export async function precompress(dir: string, options: CompressOptions = {}) {
  return compressFiles(await compressibleFiles(path.join(dir, 'assets')), options)
}
