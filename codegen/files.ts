import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

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
