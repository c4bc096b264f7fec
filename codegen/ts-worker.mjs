// Boots a worker thread that runs TypeScript: Node 20 does not hand a parent's module loader
// (tsx) to its workers, so the worker registers it before it imports its entry.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
