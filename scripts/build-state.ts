import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { CHECKER_CODE, codeVersion, type CodeInputs } from '../codegen/code-version.ts'
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

/**
 * What the bundles and the server render are built from (codegen/code-version.ts). Tests and
 * dotfiles are not code; the generated types are made from schema/ and codegen/, which count, and
 * are written while a build bundles. The libraries: what the browser code, the server render, the
 * Vite config and the content checker import (a test holds the list to the imports).
 */
export const BUILD_CODE = {
  sourceDirs: ['src', 'checker', 'codegen', 'scripts', 'schema', 'public'],
  nested: true,
  sourceFiles: [
    'index.html',
    'package.json',
    'tsconfig.json',
    'tsconfig.app.json',
    'tsconfig.node.json',
    // Its keys are bundled as `site-part:` modules.
    'content/site.yaml',
    // Its moves are bundled for the browser's own navigation (site-content:redirects).
    'content/redirects.yaml',
    // VITE_ variables a deployment may keep in files.
    '.env',
    '.env.local',
    '.env.production',
    '.env.production.local',
  ],
  ignore: GENERATED_TYPE_FILES,
  libraries: [
    ...['@vitejs/plugin-react', 'rolldown', 'vite'],
    ...['dompurify', 'html-react-parser', 'react', 'react-dom', 'react-toastify'],
    ...CHECKER_CODE.libraries.filter((name) => name !== 'dompurify'),
  ],
} satisfies CodeInputs

/**
 * A hash of the code every page is built with (BUILD_CODE) and the build's environment (VITE_
 * variables are compiled in; the year is printed in the footer).
 */
export function codeKey(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const compiledIn = Object.entries(env)
    // VITE_USER_NODE_ENV is Vite's copy of NODE_ENV, set during a build.
    .filter(([name]) => name.startsWith('VITE_') && name !== 'VITE_USER_NODE_ENV')
    .sort(([a], [b]) => (a < b ? -1 : 1))
  // A build sets NODE_ENV to production when it is not set: the same build either way.
  return digest(`state ${STATE_VERSION}`, codeVersion(root, BUILD_CODE), [
    compiledIn,
    env.NODE_ENV ?? 'production',
    new Date().getFullYear(),
  ])
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
