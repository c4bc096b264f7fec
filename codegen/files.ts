import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * A folder of node_modules/.cache for work kept between builds under a hash of what it is made
 * from; undefined when the project has no node_modules to hold it (the work is then done afresh).
 */
export function cacheFolder(root: string, name: string): string | undefined {
  const modules = path.join(root, 'node_modules')
  return existsSync(modules) ? path.join(modules, '.cache', name) : undefined
}

/** Every file under `dir`, relative to it with `/` between folders, in name order; none if it is missing. */
export function filesUnder(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name)
      return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [`${prefix}${name}`]
    })
}
