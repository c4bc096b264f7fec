import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import os, { availableParallelism } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parentPort, Worker } from 'node:worker_threads'
import { keptFile } from '../codegen/files.ts'
import { writeFileAtomic } from '../codegen/write-atomic.ts'

/** A worker thread running a TypeScript module that answers each request it gets. */
export interface TsWorker {
  request<T>(message: unknown): Promise<T>
  close(): Promise<void>
}

const bundles = new Map<string, Promise<string>>()

/**
 * The entry and the project files it imports as one JavaScript file, packages left as imports: a
 * worker loads one file, where through tsx each worker ran a module loader of its own and
 * transformed every TypeScript file again. Bundled once per process (30 to 50 ms) and written
 * under node_modules/.cache/site-workers, named by a hash of its text, where its packages resolve.
 * Each module keeps its own import.meta.url, which code uses to find the files beside it.
 */
function bundled(entry: URL): Promise<string> {
  let file = bundles.get(entry.href)
  if (!file) {
    file = (async () => {
      const source = fileURLToPath(entry)
      const root = path.resolve(path.dirname(source), '..')
      const { rolldown } = await import('rolldown')
      const bundle = await rolldown({
        input: source,
        platform: 'node',
        logLevel: 'warn',
        // Packages and Node's own modules load as they are; only the project's files are bundled.
        external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0'),
        plugins: [
          {
            name: 'own-import-meta-url',
            transform: (code, id) =>
              code.includes('import.meta.url')
                ? { code: code.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href)), map: null }
                : null,
          },
        ],
      })
      const { output } = await bundle.generate({ format: 'esm', codeSplitting: false })
      await bundle.close()
      const code = output[0].code
      const name = `${path.basename(source).replace(/\.\w+$/, '')}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`
      const out = keptFile(root, 'site-workers', name) ?? path.join(os.tmpdir(), `site-workers-${name}`)
      if (!existsSync(out)) writeFileAtomic(out, code)
      return out
    })()
    bundles.set(entry.href, file)
  }
  return file
}

/** A request to a worker thread and its answer, matched by `id`: answers may come in any order. */
interface Envelope {
  id: number
  body?: unknown
  error?: string
}

/** Flags that load code into every module graph, each followed by what they load. */
const LOADER_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader'])

/**
 * Node's flags for a worker, without tsx's: a worker runs one JavaScript bundle and packages, and
 * tsx's module hooks would see every module it loads (a server-render bundle cost them some 140 ms
 * of CPU per thread).
 */
export function workerExecArgv(argv: readonly string[] = process.execArgv): string[] {
  const out: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2)
    if (!LOADER_FLAGS.has(flag)) {
      out.push(argv[i])
      continue
    }
    const loads = inline === undefined ? [argv[i], argv[++i]] : [argv[i]]
    if (!/(^|[\\/])tsx([\\/]|$)/.test(inline ?? argv[i] ?? '')) out.push(...loads.filter((a) => a !== undefined))
  }
  return out
}

/**
 * Starts the TypeScript module `entry` in a worker thread; it answers through `serveRequests`.
 */
function startWorker(entry: URL): TsWorker {
  const started = bundled(entry).then((file) => {
    const worker = new Worker(file, { execArgv: workerExecArgv() })
    worker.on('message', ({ id, body, error }: Envelope) => {
      const request = waiting.get(id)
      waiting.delete(id)
      if (error !== undefined) request?.reject(new Error(error))
      else request?.resolve(body as never)
    })
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`${entry.pathname} stopped (exit code ${code})`)))
    return worker
  })
  const waiting = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>()
  let failure: Error | undefined
  let ids = 0
  const fail = (error: Error) => {
    failure ??= error
    for (const w of waiting.values()) w.reject(failure)
    waiting.clear()
  }
  started.catch(fail)
  return {
    request: <T>(body: unknown) =>
      new Promise<T>((resolve, reject) => {
        if (failure) return reject(failure)
        const id = ++ids
        waiting.set(id, { resolve: resolve as (value: never) => void, reject })
        void started.then((worker) => worker.postMessage({ id, body } satisfies Envelope), fail)
      }),
    close: async () => void (await (await started.catch(() => undefined))?.terminate()),
  }
}

/**
 * The worker's side: answers each request with what `handle` returns for it. A request that
 * throws is answered with its error; requests are handled as they come, so a long asynchronous
 * one (writing files) does not hold back the next.
 */
export function serveRequests(handle: (body: never) => unknown) {
  parentPort!.on('message', ({ id, body }: Envelope) => {
    Promise.resolve()
      .then(() => handle(body as never))
      .then(
        (answer) => parentPort!.postMessage({ id, body: answer } satisfies Envelope),
        (error: unknown) =>
          parentPort!.postMessage({
            id,
            error: error instanceof Error ? (error.stack ?? error.message) : String(error),
          } satisfies Envelope),
      )
  })
}

/**
 * Worker threads running `entry`, one per core besides this one, started when a phase first asks
 * for them and kept until `close`.
 */
export function workerPool(entry: URL) {
  let workers: TsWorker[] | undefined
  return {
    start: () => (workers ??= Array.from({ length: availableParallelism() - 1 }, () => startWorker(entry))),
    close: () => Promise.all((workers ?? []).map((w) => w.close())),
  }
}
