import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { filesUnder } from './files.ts'

/** A worker thread running a TypeScript module that answers each message it gets with one message, in order. */
export interface TsWorker {
  request<T>(message: unknown): Promise<T>
  close(): Promise<void>
}

/** The project's source folders a worker's code can come from. */
const SOURCE_DIRS = ['codegen', 'scripts', 'src', 'schema']

const bundles = new Map<string, Promise<string>>()

/**
 * The entry and the project files it imports as one JavaScript file, packages left as imports;
 * kept in node_modules/.cache/site-workers under a hash of the project's sources. A worker then
 * loads one file, where through tsx each worker ran a module loader of its own and transformed every
 * TypeScript file again. Each module keeps its own import.meta.url, which the checker uses to find
 * the files beside it.
 */
function bundled(entry: URL): Promise<string> {
  let file = bundles.get(entry.href)
  if (!file) {
    file = (async () => {
      const source = fileURLToPath(entry)
      const root = path.resolve(path.dirname(source), '..')
      // The project's own path too: the bundle names the files it was made from.
      const hash = createHash('sha256').update(root)
      for (const dir of SOURCE_DIRS)
        for (const f of filesUnder(path.join(root, dir)).filter(
          (f) => /\.(ts|tsx|mts|mjs|json)$/.test(f) && !/\.test\.tsx?$/.test(f),
        ))
          hash.update(f).update(readFileSync(path.join(root, dir, f)))
      const out = path.join(
        root,
        'node_modules/.cache/site-workers',
        `${path.basename(source).replace(/\.\w+$/, '')}-${hash.digest('hex').slice(0, 16)}.mjs`,
      )
      if (existsSync(out)) return out
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
      mkdirSync(path.dirname(out), { recursive: true })
      const temp = `${out}.${process.pid}.tmp`
      writeFileSync(temp, output[0].code)
      renameSync(temp, out)
      return out
    })()
    bundles.set(entry.href, file)
  }
  return file
}

/** Starts the TypeScript module `entry` in a worker thread; it reads `data` from workerData. */
export function startWorker(entry: URL, data?: unknown): TsWorker {
  const started = bundled(entry).then((file) => {
    const worker = new Worker(file, { workerData: data })
    worker.on('message', (message: unknown) => waiting.shift()?.resolve(message as never))
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`${entry.pathname} stopped (exit code ${code})`)))
    return worker
  })
  const waiting: { resolve: (value: never) => void; reject: (error: Error) => void }[] = []
  let failure: Error | undefined
  const fail = (error: Error) => {
    failure ??= error
    for (const w of waiting.splice(0)) w.reject(failure)
  }
  started.catch(fail)
  return {
    request: <T>(message: unknown) =>
      new Promise<T>((resolve, reject) => {
        if (failure) return reject(failure)
        waiting.push({ resolve: resolve as (value: never) => void, reject })
        void started.then((worker) => worker.postMessage(message), fail)
      }),
    close: async () => void (await (await started.catch(() => undefined))?.terminate()),
  }
}
