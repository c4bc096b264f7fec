import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { filesUnder } from '../codegen/files.ts'
import { GENERATED_TYPE_FILES } from '../codegen/generate.ts'
import { writeFileAtomic } from '../codegen/write-atomic.ts'

/**
 * What an incremental build compares. The code key covers everything the bundles and the server
 * render are made from; content pages are not part of it (the browser loads their data from files
 * outside the bundle). A build records the key and each route's inputs in the output folder; the
 * next build into that folder skips both bundles when the key is the same, and renders only the
 * routes whose inputs changed.
 */

/** Raise when the recorded shape or the rules below change: every build after it starts afresh. */
const STATE_VERSION = 1

/** Folders and files the bundles and the server render are built from. Tests and dotfiles are not. */
export const CODE_DIRS = ['src', 'codegen', 'scripts', 'schema', 'public']
export const CODE_FILES = [
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.app.json',
  'tsconfig.node.json',
  // Its keys are bundled as `site-part:` modules.
  'content/site.yaml',
  // VITE_ variables a deployment may keep in files.
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
]

/**
 * A hash of the code every page is built with: sources, the lockfile, the public folder, site.yaml,
 * and the build's environment (VITE_ variables are compiled in; the year is printed in the footer).
 */
export function codeKey(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256').update(`state ${STATE_VERSION}\n`)
  // Dotfiles are bookkeeping, such as the record of the generated files' inputs. The generated
  // types are made from schema/ and codegen/, which the key covers, and are written while a build
  // bundles.
  const sources = CODE_DIRS.flatMap((dir) =>
    filesUnder(path.join(root, dir))
      .filter((f) => !/(^|\/)\.[^/]*$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => `${dir}/${f}`),
  ).filter((f) => !GENERATED_TYPE_FILES.includes(f))
  for (const rel of [...sources, ...CODE_FILES]) {
    const file = path.join(root, rel)
    if (!existsSync(file)) continue
    hash.update(`${rel}\0`).update(readFileSync(file)).update('\0')
  }
  const compiledIn = Object.entries(env)
    // VITE_USER_NODE_ENV is Vite's copy of NODE_ENV, set during a build.
    .filter(([name]) => name.startsWith('VITE_') && name !== 'VITE_USER_NODE_ENV')
    .sort(([a], [b]) => (a < b ? -1 : 1))
  // A build sets NODE_ENV to production when it is not set: the same build either way.
  hash.update(JSON.stringify([compiledIn, env.NODE_ENV ?? 'production', new Date().getFullYear()]))
  return hash.digest('hex')
}

/** A hash of anything serializable, for the per-route keys. */
export const digest = (...parts: unknown[]) =>
  createHash('sha256')
    .update(parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join('\0'))
    .digest('hex')

export interface RouteRecord {
  /** Hash of everything the route's HTML is made from. */
  key: string
  file: string
  bytes: number
}

export interface BuildState {
  version: number
  codeKey: string
  /** What the client build wrote, relative to the output folder: all of it must still be there. */
  clientFiles: string[]
  routes: Record<string, RouteRecord>
  /** Hash of each landing page's data file, by route. */
  pageData: Record<string, string>
}

export const BUILD_STATE_FILE = '.site/build-state.json'

/** The state of the build that last wrote `outDir`, if its files are all still there. */
export function readBuildState(outDir: string): BuildState | undefined {
  try {
    const state = JSON.parse(readFileSync(path.join(outDir, BUILD_STATE_FILE), 'utf8')) as BuildState
    if (state.version !== STATE_VERSION) return undefined
    const present = (rel: string) => existsSync(path.join(outDir, rel))
    if (!state.clientFiles.every(present) || !Object.values(state.routes).every((r) => present(r.file))) return undefined
    return state
  } catch {
    return undefined
  }
}

export function writeBuildState(outDir: string, state: Omit<BuildState, 'version'>) {
  writeFileAtomic(path.join(outDir, BUILD_STATE_FILE), JSON.stringify({ version: STATE_VERSION, ...state }))
}
