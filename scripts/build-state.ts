/** What an incremental build compares: the code key (the bundles' inputs; pages' data is not bundled) and each route's inputs. */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { filesUnder } from '../codegen/files.ts'
import { hashFiles, storeKey } from '../codegen/store.ts'
import { writeFileAtomic } from '../codegen/write-atomic.ts'

/** Raise when the recorded shape or the rules below change: every build after it starts afresh. */
const STATE_VERSION = 1

/** What the bundles are made from besides the code (the store's key) and public/: `site-part:` modules, the moves, the route table. */
const BUNDLED_CONTENT = ['content/site.yaml', 'content/redirects.yaml', 'src/generated/page-routes.ts']

/** A hash of what every page is built with: the store's key and BUNDLED_CONTENT with public/. */
export function codeKey(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256').update(`state ${STATE_VERSION}\0${storeKey(root, env)}\0`)
  const publicFiles = filesUnder(path.join(root, 'public')).map((f) => `public/${f}`)
  return hashFiles(hash, root, [...BUNDLED_CONTENT, ...publicFiles]).digest('hex')
}

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

const BUILD_STATE_FILE = '.site/build-state.json'

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
