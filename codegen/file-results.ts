/** Each file's checked result, kept by what it is made from: in memory, and in the result store for later builds. */
import { createHash } from 'node:crypto'
import { checkText, type Compiled } from '../checker/checker.ts'
import { memory } from './checker-memory.ts'
import type { Problem } from '../checker/errors.ts'
import { resultStore, type ResultStore } from './result-store.ts'
import type { ContentKind } from '../checker/schemas.ts'
import type { CheckedSiteIndex } from './read-site.ts'
import type { VerdictMemory } from '../checker/site-checks.ts'
import type { ContractTerms } from '../checker/terms.ts'
import { parseWithPositions, type YamlSource } from '../checker/yaml-source.ts'

/** How many files this process has parsed and checked (cache hits do not count): a build checks each once. */
export const contentChecks = memory.checks

/** A result as the store keeps it. */
interface StoredResult {
  file: string
  kept?: Record<string, unknown>
  problems: Problem[]
  data?: Record<string, unknown>
  /** The file's data as checked (terms inserted), for the checks across files. */
  sourceData: unknown
  parseProblems: Problem[]
}

const storedResult = (result: Compiled): StoredResult => ({
  file: result.source.file,
  kept: result.kept,
  problems: result.problems,
  data: result.data,
  sourceData: result.source.data,
  parseProblems: result.source.problems,
})

/** A kept result, if the store has one it can read; positions are found again by parsing only if a later check asks. */
function fromStore(store: ResultStore, key: string, relativeFile: string, text: string): Compiled | undefined {
  try {
    const kept = store.get(key)
    if (kept === undefined) return undefined
    const stored = JSON.parse(kept) as StoredResult
    let parsed: YamlSource | undefined
    const source: YamlSource = {
      file: relativeFile,
      data: stored.sourceData,
      problems: stored.parseProblems,
      locate: (at, part) => (parsed ??= parseWithPositions(text, relativeFile)).locate(at, part),
    }
    return { source, problems: stored.problems, data: stored.data, key, kept: stored.kept }
  } catch {
    return undefined
  }
}

/** Where results checked by earlier builds are kept: the store (codegen/store.ts), when the project has one. */
export const storeOf = (index: CheckedSiteIndex) => (index.cacheDir ? resultStore(index.cacheDir) : undefined)

/** What a file's result is kept under: all it is made from but the checker's code, which is the store's own key. */
function compileKey(relativeFile: string, text: string, kind: ContentKind, index: CheckedSiteIndex, terms?: ContractTerms) {
  const withTerms = terms !== undefined && (kind === 'page' || kind === 'blog')
  // A digest, not the text itself: V8 hashes a string of over 16,383 characters by its length
  // alone, so a map keyed by whole pages compares them in full on every lookup.
  return createHash('sha256')
    .update(`${index.fingerprint}\0${kind}\0${relativeFile}\0${withTerms ? JSON.stringify(terms) : ''}\0`)
    .update(text)
    .digest('hex')
}

/** Parses, checks and renders one file, kept by its text: the client and server bundles reuse the build's check. */
export function compileContentFile(
  relativeFile: string,
  text: string,
  kind: ContentKind,
  index: CheckedSiteIndex,
  terms?: ContractTerms,
): Compiled {
  const key = compileKey(relativeFile, text, kind, index, terms)
  const known = memory.compiled.get(key)
  if (known) return known
  const store = storeOf(index)
  let result = store && fromStore(store, key, relativeFile, text)
  if (!result) {
    contentChecks.count += 1
    const checked: Compiled = { ...checkText(relativeFile, text, kind, index, terms), key }
    store?.put(key, () => JSON.stringify(storedResult(checked)))
    result = checked
  }
  memory.compiled.set(key, result)
  return result
}

/** A kept verdict, or undefined when there is none or it is not a list of problems (it is found again). */
function keptVerdict(value: string | undefined): Problem[] | undefined {
  try {
    const kept: unknown = value === undefined ? undefined : JSON.parse(value)
    return Array.isArray(kept) && kept.every((p) => typeof (p as Problem | null)?.file === 'string') ? kept : undefined
  } catch {
    return undefined
  }
}

/** The site rules' verdicts, kept in memory and in the result store under the file's key, the rule and its context. */
export function verdictMemory(store: ResultStore | undefined): VerdictMemory {
  return {
    under(rule, contextKey) {
      // Hashed once: a context holds every place the pages address, too long to hash for every file.
      const judgedUnder = createHash('sha256').update(`${rule}\0${contextKey}`).digest('hex')
      return {
        get(fileKey) {
          const key = `${fileKey}-${judgedUnder}`
          const found = memory.verdicts.get(key) ?? keptVerdict(store?.get(key))
          if (found) memory.verdicts.set(key, found)
          return found
        },
        put(fileKey, problems) {
          const key = `${fileKey}-${judgedUnder}`
          memory.verdicts.set(key, problems)
          store?.put(key, () => JSON.stringify(problems))
        },
      }
    },
  }
}
