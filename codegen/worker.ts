import { Worker } from 'node:worker_threads'

/** A worker thread running a TypeScript module that answers each message it gets with one message, in order. */
export interface TsWorker {
  request<T>(message: unknown): Promise<T>
  close(): Promise<void>
}

/** Starts the TypeScript module `entry` in a worker thread; it reads `data` from workerData.data. */
export function startWorker(entry: URL, data?: unknown): TsWorker {
  const worker = new Worker(new URL('./ts-worker.mjs', import.meta.url), { workerData: { entry: entry.href, data } })
  const waiting: { resolve: (value: never) => void; reject: (error: Error) => void }[] = []
  let failure: Error | undefined
  const fail = (error: Error) => {
    failure ??= error
    for (const w of waiting.splice(0)) w.reject(failure)
  }
  worker.on('message', (message: unknown) => waiting.shift()?.resolve(message as never))
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`${entry.pathname} stopped (exit code ${code})`)))
  return {
    request: <T>(message: unknown) =>
      new Promise<T>((resolve, reject) => {
        if (failure) return reject(failure)
        waiting.push({ resolve: resolve as (value: never) => void, reject })
        worker.postMessage(message)
      }),
    close: async () => void (await worker.terminate()),
  }
}
