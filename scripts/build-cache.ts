import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { cacheFolder } from '../codegen/files.ts'
import { digest } from './build-state.ts'

/** The bundles, the server render and the client's index.html of one output folder, kept for its next build. */
export function buildCacheDir(root: string, outDir: string): string {
  const builds = cacheFolder(root, 'site-build')
  // Vite and React are found there too: without it nothing could be built.
  if (!builds) throw new Error(`${root} has no node_modules: run \`npm ci\` first`)
  return path.join(builds, digest(outDir).slice(0, 16))
}

/** Names the output folder a build cache belongs to. */
const OUT_DIR_MARK = 'out-dir'

/** Removes the build caches of output folders that are gone, such as a test's temp folder. */
export function pruneBuildCaches(cacheRoot: string) {
  if (!existsSync(cacheRoot)) return
  for (const name of readdirSync(cacheRoot)) {
    const dir = path.join(cacheRoot, name)
    try {
      const mark = path.join(dir, OUT_DIR_MARK)
      // A folder without its mark is either being made this moment or from an older build: give it an hour.
      const gone = existsSync(mark) ? !existsSync(readFileSync(mark, 'utf8')) : Date.now() - statSync(dir).mtimeMs > 3_600_000
      if (gone) rmSync(dir, { recursive: true, force: true })
    } catch {
      // Another build removed it first.
    }
  }
}

/** Records which output folder a build cache belongs to, so a later build can prune it once that folder is gone. */
export const markBuildCache = (cacheDir: string, outDir: string) => writeFile(path.join(cacheDir, OUT_DIR_MARK), outDir)
