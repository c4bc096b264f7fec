import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { memory, type VerdictStore } from './checker-memory.ts'
import type { Problem } from './errors.ts'
import { checkerVersion } from './file-results.ts'
import { warnRebuiltCache, warnUnwritableCache } from './files.ts'
import type { RuleContext } from './rules/types.ts'
import { writeFileAtomic } from './write-atomic.ts'

/** Reads a store's file: problems by file key, or the reason it does not hold them. */
function readVerdicts(file: string): Map<string, Problem[]> {
  const kept: unknown = JSON.parse(readFileSync(file, 'utf8'))
  const isProblemList = (problems: unknown) =>
    Array.isArray(problems) && problems.every((p) => typeof (p as Problem | null)?.file === 'string')
  if (typeof kept !== 'object' || kept === null || Array.isArray(kept) || !Object.values(kept).every(isProblemList))
    throw new Error('it does not hold problems by page')
  return new Map(Object.entries(kept as Record<string, Problem[]>))
}

/**
 * The verdicts of the site rule `rule` on each file under one context (for the claim rules: the
 * places all pages address, the facts and terms), kept in memory and in one file on disk: a build
 * after one edit runs the rule on the edited file only, and the store costs one read and at most
 * one write.
 */
export function verdictStore(rule: string, context: RuleContext, cacheDir: string | undefined): VerdictStore {
  const id = `${rule}\0${context.key}`
  let store = memory.verdicts.get(id)
  if (!store) {
    const file = cacheDir
      ? path.join(cacheDir, `${rule}-${createHash('sha256').update(checkerVersion()).update(context.key).digest('hex')}.json`)
      : undefined
    let byFile = new Map<string, Problem[]>()
    let changed = false
    if (file && existsSync(file)) {
      try {
        byFile = readVerdicts(file)
      } catch (error) {
        // Every file's verdict is found again, and the file is written anew with them.
        warnRebuiltCache(`${rule} cache`, file, error)
        changed = true
      }
    }
    memory.verdicts.set(id, (store = { byFile, changed, file }))
  }
  return store
}

/** Keeps verdicts, to be written with the store. */
export function keepVerdicts(store: VerdictStore, verdicts: Iterable<[key: string, problems: Problem[]]>) {
  for (const [key, problems] of verdicts) {
    store.byFile.set(key, problems)
    store.changed = true
  }
}

/** Writes a store's verdicts on the files the site has now, if it gained any. */
export function saveVerdictStore(store: VerdictStore, keys: readonly string[]) {
  if (!store.changed || !store.file) return
  store.changed = false
  const current = Object.fromEntries(keys.flatMap((key) => (store.byFile.has(key) ? [[key, store.byFile.get(key)]] : [])))
  try {
    writeFileAtomic(store.file, JSON.stringify(current))
  } catch (error) {
    // A read-only or full disk only costs the next build its head start.
    warnUnwritableCache(path.dirname(store.file), error)
  }
}
