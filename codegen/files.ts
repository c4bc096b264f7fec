import { existsSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs'
import path from 'node:path'

/**
 * A folder of node_modules/.cache for work kept between builds under a hash of what it is made
 * from; undefined when the project has no node_modules to hold it (the work is then done afresh).
 */
export function cacheFolder(root: string, name: string): string | undefined {
  const modules = path.join(root, 'node_modules')
  return existsSync(modules) ? path.join(modules, '.cache', name) : undefined
}

/**
 * The one eviction rule of the caches that keep a file per key (generated code, validators, worker
 * bundles, compressed assets): a file no build has used for 30 days goes. Each use marks the file,
 * and each cache prunes its folder once per process, when it is first opened.
 */
export const KEEP_UNUSED_MS = 30 * 86_400_000
const pruned = new Set<string>()

/**
 * The file `name` of cache folder `cache` (`cacheFolder`), marked used when it exists; undefined
 * when the project has no node_modules to keep it in. Its folder is pruned by the rule above.
 */
export function keptFile(root: string, cache: string, name: string): string | undefined {
  const folder = cacheFolder(root, cache)
  if (!folder) return undefined
  if (!pruned.has(folder)) {
    pruned.add(folder)
    pruneUnused(folder)
  }
  const file = path.join(folder, name)
  if (existsSync(file)) {
    try {
      const now = new Date()
      utimesSync(file, now, now)
    } catch {
      // A read-only cache still serves what it holds.
    }
  }
  return file
}

/** Removes the files of `folder` no build has used for KEEP_UNUSED_MS. */
export function pruneUnused(folder: string, now = Date.now()) {
  for (const name of existsSync(folder) ? readdirSync(folder) : []) {
    const file = path.join(folder, name)
    try {
      if (now - statSync(file).mtimeMs > KEEP_UNUSED_MS) rmSync(file, { force: true })
    } catch {
      // Gone already, or not ours to remove: left.
    }
  }
}

/** Folders already said to be unwritable. The build and `npm run dev` hand Vite its config inline, so the process has one copy of this module. */
const unwritable = new Set<string>()

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Says on stderr that a cache folder cannot hold its files (a read-only disk): the build goes on with
 * what it keeps in memory. Once per folder and process.
 */
export function warnUnwritableCache(dir: string, error: unknown) {
  if (unwritable.has(dir)) return
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
