/**
 * Everything kept between builds, in one store: node_modules/.cache/site/<key>/, the key made from the
 * installed packages, the build's code and environment (`storeKey`). A new key starts an empty store.
 */
import { createHash, type Hash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs'
import path from 'node:path'
import { filesUnder } from './files.ts'

/**
 * The build's code: not tests, dotfiles, src/generated, nor content/ and public/ (an editor's change never
 * empties the store). Decap's vendored bundle counts by its record, which holds each file's hash.
 */
export const STORE_CODE = {
  dirs: ['admin', 'checker', 'codegen', 'schema', 'scripts', 'server', 'src'],
  files: [
    ...['index.html', 'package.json', 'tsconfig.json', 'tsconfig.app.json', 'tsconfig.node.json', 'tsconfig.server.json'],
    // VITE_ variables a deployment may keep in files.
    ...['.env', '.env.local', '.env.production', '.env.production.local'],
  ],
  skip: /\/\.|\.test\.|\/__fixtures__\/|^src\/generated\/|^admin\/vendor\/decap-cms\/(?!vendored\.json$)/,
}

/**
 * The one eviction rule: another key's store goes once no process has used it for an hour, so a build
 * with other settings running at the same time (the tests', a preview) is not pulled from under.
 */
const KEEP_OTHER_KEYS_MS = 3_600_000

/** Every file of the build's code (STORE_CODE) under `root`, relative to it, in name order. */
function codeFiles(root: string): string[] {
  const inDirs = STORE_CODE.dirs.flatMap((dir) => filesUnder(path.join(root, dir)).map((rel) => `${dir}/${rel}`))
  const files = STORE_CODE.files.filter((rel) => existsSync(path.join(root, rel)))
  return [...inDirs, ...files].filter((rel) => !STORE_CODE.skip.test(rel))
}

/** Adds each of `files` under `root` to `hash`: its name and its bytes (none when it is missing). */
export function hashFiles(hash: Hash, root: string, files: readonly string[]): Hash {
  for (const rel of files) {
    const file = path.join(root, rel)
    hash
      .update(`${rel}\0`)
      .update(existsSync(file) ? readFileSync(file) : '')
      .update('\0')
  }
  return hash
}

const codeHashes = new Map<string, string>()

/**
 * The store's key: what npm installed (node_modules/.package-lock.json, as a pulled lock file is not yet
 * installed), the code files (read once per process: the code it loaded), and the environment: VITE_
 * variables are compiled in, NODE_ENV picks React's build, the footer prints the year.
 */
export function storeKey(root: string, env: NodeJS.ProcessEnv = process.env): string {
  let code = codeHashes.get(root)
  if (!code) {
    const hash = hashFiles(createHash('sha256'), root, ['node_modules/.package-lock.json', ...codeFiles(root)])
    codeHashes.set(root, (code = hash.digest('hex')))
  }
  const compiledIn = Object.entries(env)
    // VITE_USER_NODE_ENV is Vite's copy of NODE_ENV, set during a build.
    .filter(([name]) => name.startsWith('VITE_') && name !== 'VITE_USER_NODE_ENV')
    .sort(([a], [b]) => (a < b ? -1 : 1))
  return digest(code, compiledIn, env.NODE_ENV ?? 'production', new Date().getFullYear())
}

/** The folder of every key's store, and of the output folders' build locks. */
export const storesFolder = (root: string) => path.join(root, 'node_modules/.cache/site')

const pruned = new Set<string>()

/**
 * The store of the project at `root` for this moment's key, made if new and marked used; once per process,
 * stale stores of other keys go. Undefined without a node_modules to hold it: the work is done afresh.
 */
export function storeFolder(root: string): string | undefined {
  if (!existsSync(path.join(root, 'node_modules'))) return undefined
  const stores = storesFolder(root)
  const folder = path.join(stores, storeKey(root).slice(0, 24))
  if (!pruned.has(folder)) {
    pruned.add(folder)
    for (const other of existsSync(stores) ? readdirSync(stores) : []) {
      const entry = path.join(stores, other)
      try {
        if (entry !== folder && Date.now() - statSync(entry).mtimeMs > KEEP_OTHER_KEYS_MS)
          rmSync(entry, { recursive: true, force: true })
      } catch {
        // Removed by another build first, or not a folder that can be read.
      }
    }
  }
  try {
    mkdirSync(folder, { recursive: true })
    const now = new Date()
    utimesSync(folder, now, now)
  } catch {
    // A folder that cannot be made is said by the first entry that cannot be written.
  }
  return folder
}

/** The path of entry `name` in the store of `root`, or undefined when the project keeps none. */
export function storeEntry(root: string, name: string): string | undefined {
  const folder = storeFolder(root)
  return folder && path.join(folder, name)
}

/** A hash of anything serializable. */
export const digest = (...parts: unknown[]) =>
  createHash('sha256')
    .update(parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join('\0'))
    .digest('hex')
