import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/** Folders already said to be unwritable. The build and `npm run dev` hand Vite its config inline, so the process has one copy of this module. */
const unwritable = new Set<string>()

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Says on stderr, once per folder, that a cache folder cannot hold its files: the build keeps them in memory. */
export function warnUnwritableCache(dir: string, error: unknown) {
  if (unwritable.has(dir)) return
  unwritable.add(dir)
  process.stderr.write(`the content cache at ${dir} cannot be written (${reason(error)}): results are kept in memory\n`)
}

/** Says on stderr that the content cache's file could not be read, and was made again. */
export function warnRebuiltCache(file: string, error: unknown) {
  process.stderr.write(`the content cache at ${file} could not be read (${reason(error)}) and was rebuilt\n`)
}

/**
 * Every file under `dir`, relative with `/` between folders, in name order; none if it is missing.
 * With `nested: false`, the names in `dir` itself, folders among them.
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
