/**
 * What a checker thread (scripts/build-worker.ts) is asked and answers: the files it is sent,
 * checked, with the verdicts of the site rules judged by context (under contexts guessed from the
 * files' text); then, when a guess was wrong, each file's verdicts again; then a flush of its results
 * to the disk cache.
 */
import type { Problem } from './errors.ts'
import { compileContentFile, storedResult, storeOf, type StoredResult } from './file-results.ts'
import { siteRules } from './rules/index.ts'
import type { RuleContext } from './rules/types.ts'
import type { ContentKind } from './schemas.ts'
import { createSiteIndex, type CheckedSiteIndex } from './site-index.ts'
import type { ContractTerms } from './terms.ts'
import type { YamlSource } from './yaml-source.ts'

/** One file for a worker thread to check: where it is, what it holds. */
export interface CheckJob {
  relativeFile: string
  text: string
  kind: ContentKind
}

/** The context of each site rule judged by context, by rule name. */
export type RuleContexts = Record<string, RuleContext>

/** What a checker thread is asked: to check files, to judge its files again under other contexts, to write its results. */
export type CheckerRequest =
  | { check: { root: string; jobs: CheckJob[]; terms?: ContractTerms; contexts: RuleContexts } }
  | { verdicts: RuleContexts }
  | { flush: true }
export type CheckAnswer = { key: string; stored: StoredResult; verdicts: Record<string, Problem[]> }[]
export type VerdictsAnswer = { rule: string; key: string; problems: Problem[] }[]

/** The site rules whose verdict on each file a thread gives. */
export const rulesByContext = siteRules.filter((rule) => rule.byContext)

/** Each rule's verdict on a file of its kinds, under the contexts given. */
const verdictsOn = (source: YamlSource, kind: ContentKind, contexts: RuleContexts) =>
  Object.fromEntries(
    rulesByContext
      .filter((rule) => rule.kinds.includes(kind) && contexts[rule.name])
      .map((rule) => [rule.name, rule.byContext!.verdict(source, contexts[rule.name])]),
  )

/** A checker thread's answers to each request, in the order they come. */
export function checkerThread() {
  const judged: { key: string; kind: ContentKind; source: YamlSource }[] = []
  // Results are written to the disk cache in one transaction once the checking is done.
  let flush: (() => void) | undefined
  // The site as it was when the build began: listed once, not for every batch.
  const indexes = new Map<string, CheckedSiteIndex>()
  return (request: CheckerRequest): CheckAnswer | VerdictsAnswer | true => {
    if ('flush' in request) {
      flush?.()
      flush = undefined
      return true
    }
    if ('verdicts' in request)
      return judged.flatMap(({ key, kind, source }) =>
        Object.entries(verdictsOn(source, kind, request.verdicts)).map(([rule, problems]) => ({ rule, key, problems })),
      )
    const { root, jobs, terms, contexts } = request.check
    let index = indexes.get(root)
    if (!index) indexes.set(root, (index = createSiteIndex(root)))
    flush ??= storeOf(index)?.defer()
    return jobs.flatMap((job) => {
      let result: ReturnType<typeof compileContentFile>
      try {
        result = compileContentFile(job.relativeFile, job.text, job.kind, index, terms)
      } catch {
        // Left for loadContent, which reports a file the checker cannot handle with the others.
        return []
      }
      const key = result.key!
      if (rulesByContext.some((rule) => rule.kinds.includes(job.kind)))
        judged.push({ key, kind: job.kind, source: result.source })
      return [{ key, stored: storedResult(result), verdicts: verdictsOn(result.source, job.kind, contexts) }]
    })
  }
}
