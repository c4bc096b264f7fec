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

/** What a cached result is made with: its code files and the libraries that shape it. */
export interface CodeInputs {
  /** Folders of code: each one's own files, tests and dotfiles aside; with `nested`, their subfolders' too. */
  sourceDirs?: readonly string[]
  nested?: boolean
  /** Single files of code; a missing one counts as missing. */
  sourceFiles?: readonly string[]
  /** Files under `sourceDirs` that are output, not code (types the build writes as it runs). */
  ignore?: readonly string[]
  libraries: readonly string[]
}

/**
 * A hash of the code that makes a cached result: its declared code files (`CodeInputs`) and the
 * installed versions of the `libraries` whose code shapes the result, with what they depend on. A
 * library updated in place (`npm update dompurify`) changes it; a tool that does not make the
 * result (a linter, the test runner) does not. Every cache and the build's own record use this one
 * rule, each with its own inputs; where caches live is codegen/files.ts cacheFolder.
 */
export function codeVersion(root: string, inputs: CodeInputs): string {
  const hash = createHash('sha256')
  for (const rel of codeFiles(root, inputs)) {
    const file = path.join(root, rel)
    hash.update(`${rel}\0`)
    if (existsSync(file)) hash.update(readFileSync(file))
    hash.update('\0')
  }
  return hash.update(libraryVersions(root, inputs.libraries).join('\n')).digest('hex')
}

/** The code files of `inputs`, relative to `root`: the folders' files, then the single files. */
export function codeFiles(
  root: string,
  { sourceDirs = [], nested = false, sourceFiles = [], ignore = [] }: CodeInputs,
): string[] {
  const isCode = (rel: string) => !/(^|\/)\.[^/]*$/.test(rel) && !rel.includes('.test.') && !ignore.includes(rel)
  const inDirs = sourceDirs.flatMap((dir) =>
    filesUnder(path.join(root, dir))
      .filter((f) => nested || !f.includes('/'))
      .map((f) => `${dir}/${f}`),
  )
  return [...inDirs.filter(isCode), ...sourceFiles]
}

/**
 * The packages `files` (relative to `root`) import at run time, by name: type-only imports leave
 * nothing behind. Tests hold each library list to it.
 */
export function importedPackages(root: string, files: readonly string[]): Set<string> {
  const imported = new Set<string>()
  for (const file of files.filter((f) => /\.tsx?$/.test(f))) {
    const text = readFileSync(path.join(root, file), 'utf8')
    const specifiers = [
      ...text.matchAll(/^(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'/gm),
      // Dynamic imports, require calls and createRequire(…)(name) calls.
      ...text.matchAll(/(?:\bimport|\brequire|\))\(\s*'([^']+)'\s*\)/g),
    ].map((m) => m[1])
    for (const specifier of specifiers) {
      // Relative paths, the project's own subpath imports (#validators), Node's own modules and
      // virtual modules (site-part:nav) are no package.
      if (specifier.startsWith('.') || specifier.startsWith('#') || specifier.includes(':')) continue
      imported.add(
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      )
    }
  }
  return imported
}

/**
 * What the content checker's results are made with. Its sources: codegen/ with its rules, src/core/
 * (the markup policy it shares with the browser) and the schemas. Its libraries: the packages its code imports
 * that turn content into results (a test holds the list to the imports). The results are data and
 * problems, not rendered pages: React and html-react-parser do not make them, and better-sqlite3
 * only keeps them.
 */
export const CHECKER_CODE = {
  sourceDirs: ['checker', 'checker/rules', 'checker/platform', 'codegen', 'src/core', 'schema'],
  libraries: ['ajv', 'dompurify', 'entities', 'franc-min', 'htmlparser2', 'image-size', 'js-yaml', 'jsdom', 'yaml'],
} satisfies CodeInputs
