import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { isMainThread } from 'node:worker_threads'

/**
 * A folder of node_modules/.cache for work kept between builds under a hash of what it is made
 * from; undefined when the project has no node_modules to hold it (the work is then done afresh).
 */
export function cacheFolder(root: string, name: string): string | undefined {
  const modules = path.join(root, 'node_modules')
  return existsSync(modules) ? path.join(modules, '.cache', name) : undefined
}

/**
 * Folders already said to be unwritable, for every copy of this module in the process. A build loads
 * one (it hands Vite its config inline); `npm run dev` lets Vite bundle vite.config.ts, and with it a
 * second copy of the codegen it imports.
 */
const UNWRITABLE = Symbol.for('site-cache.unwritable')
const unwritable = ((globalThis as typeof globalThis & { [UNWRITABLE]?: Set<string> })[UNWRITABLE] ??= new Set())

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Says on stderr that a cache folder cannot hold its files (a read-only disk): the build goes on with
 * what it keeps in memory. Once per folder and process, and by the main thread only: worker threads
 * open the same folders after it, and what they would say it has said.
 */
export function warnUnwritableCache(dir: string, error: unknown) {
  if (unwritable.has(dir) || !isMainThread) return
  unwritable.add(dir)
  process.stderr.write(`the content cache at ${dir} cannot be written (${reason(error)}): results are kept in memory\n`)
}

/** Says on stderr that a file of a cache (`what`) could not be read, and was made again. */
export function warnRebuiltCache(what: string, file: string, error: unknown) {
  process.stderr.write(`the ${what} at ${file} could not be read (${reason(error)}) and was rebuilt\n`)
}

/**
 * Every file under `dir`, relative to it with `/` between folders, in name order; none if it is
 * missing. With `nested: false`, the names in `dir` itself, a folder's among them: a caller that
 * reads each one says which it could not.
 */
export function filesUnder(dir: string, { nested = true }: { nested?: boolean } = {}): string[] {
  if (!existsSync(dir)) return []
  if (!nested) return readdirSync(dir).sort()
  const walk = (folder: string, prefix: string): string[] =>
    readdirSync(folder)
      .sort()
      .flatMap((name) => {
        const full = path.join(folder, name)
        return statSync(full).isDirectory() ? walk(full, `${prefix}${name}/`) : [`${prefix}${name}`]
      })
  return walk(dir, '')
}
