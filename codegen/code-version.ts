import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { filesUnder } from './files.ts'

/** A package as a lockfile records it, under its place in node_modules. */
interface LockedPackage {
  version?: string
  integrity?: string
  resolved?: string
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}

/**
 * The packages npm installed, by place in node_modules. npm's record of what it last installed
 * comes first: after a pull that changed package-lock.json but before `npm install`, the code that
 * runs is still the old one, and a result it makes must not be kept under the new lockfile's name.
 */
function installedPackages(root: string): Record<string, LockedPackage> | undefined {
  for (const file of ['node_modules/.package-lock.json', 'package-lock.json']) {
    const lockfile = path.join(root, file)
    if (existsSync(lockfile)) {
      try {
        return (JSON.parse(readFileSync(lockfile, 'utf8')) as { packages?: Record<string, LockedPackage> }).packages ?? {}
      } catch {
        // A lockfile that cannot be read says nothing: the next one, if any, is asked.
      }
    }
  }
  return undefined
}

/** Where Node finds `name` from the package at `from` ('' for the project): the nearest node_modules up. */
function resolveLocked(packages: Record<string, LockedPackage>, from: string, name: string): string | undefined {
  for (let base = from; ; base = base.slice(0, Math.max(0, base.lastIndexOf('/node_modules/')))) {
    const place = `${base ? `${base}/` : ''}node_modules/${name}`
    if (packages[place]) return place
    if (!base) return undefined
  }
}

/**
 * Each of `libraries` and every package it depends on, as installed: its place, version and
 * integrity. What they depend on counts too: jsdom parses markup with parse5, which decodes
 * entities with its own copy of `entities`.
 */
function libraryVersions(root: string, libraries: readonly string[]): string[] {
  const packages = installedPackages(root)
  if (!packages) return ['no lockfile']
  const found = new Map<string, string>()
  const visit = (from: string, name: string) => {
    const place = resolveLocked(packages, from, name)
    if (!place) {
      found.set(`${from} ${name}`, `${from} ${name} not installed`)
      return
    }
    if (found.has(place)) return
    const { version, integrity, resolved, dependencies, optionalDependencies, peerDependencies } = packages[place]
    found.set(place, `${place} ${version ?? ''} ${integrity ?? resolved ?? ''}`)
    for (const dependency of Object.keys({ ...dependencies, ...optionalDependencies, ...peerDependencies })) {
      // An optional or peer dependency that is not installed is not used.
      if (dependencies?.[dependency] === undefined && !resolveLocked(packages, place, dependency)) continue
      visit(place, dependency)
    }
  }
  for (const name of libraries) visit('', name)
  return [...found.values()].sort()
}

/**
 * A hash of the code that makes a cached result: the code files of `sourceDirs` (each folder's own
 * .ts and .json files, tests aside) and the installed versions of the `libraries` whose code shapes
 * the result, with what they depend on. A library updated in place (`npm update dompurify`) changes
 * it; a tool that does not make the result (a linter, the test runner) does not.
 */
export function codeVersion(
  root: string,
  { sourceDirs, libraries }: { sourceDirs: readonly string[]; libraries: readonly string[] },
): string {
  const hash = createHash('sha256')
  for (const dir of sourceDirs) {
    const full = path.join(root, dir)
    for (const name of filesUnder(full, { nested: false })) {
      if (/\.(ts|json)$/.test(name) && !name.includes('.test.'))
        hash
          .update(`${dir}/${name}\0`)
          .update(readFileSync(path.join(full, name)))
          .update('\0')
    }
  }
  return hash.update(libraryVersions(root, libraries).join('\n')).digest('hex')
}

/**
 * What the content checker's results are made with. Its sources: codegen/ with its rules, src/core/
 * (the markup policy it shares with the browser) and the schemas. Its libraries: the packages its code imports
 * that turn content into results (a test holds the list to the imports). The results are data and
 * problems, not rendered pages: React and html-react-parser do not make them, and better-sqlite3
 * only keeps them.
 */
export const CHECKER_CODE = {
  sourceDirs: ['codegen', 'codegen/rules', 'src/core', 'schema'],
  libraries: ['ajv', 'dompurify', 'entities', 'htmlparser2', 'image-size', 'js-yaml', 'jsdom', 'yaml'],
}
