/**
 * The site pass: every site rule (codegen/rules/) over the checked files, once the file pass is done.
 * A rule's verdict on a file under a context is kept in memory and in the result store with the
 * file's own result, so a file checked before under the same context is not judged again.
 */
import { createHash } from 'node:crypto'
import { memory } from './checker-memory.ts'
import type { Problem } from './errors.ts'
import { resultStore } from './result-store.ts'
import { siteRules } from './rules/index.ts'
import type { RuleContext, SiteRule } from './rules/types.ts'
import type { ContentKind } from './schemas.ts'
import type { YamlSource } from './yaml-source.ts'

/** A checked file as the site pass reads it; a file that could not be read has no key. */
export interface CheckedFile {
  kind: ContentKind
  source: YamlSource
  key?: string
  kept?: Record<string, unknown>
}

/** The site as the site pass reads it. */
export interface Site {
  root: string
  /** site.yaml's data, when it passed every check. */
  data?: Record<string, unknown>
  /** Every checked file, in the order they were read. */
  files: readonly CheckedFile[]
  /** Where verdicts are kept between builds. */
  cacheDir?: string
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

/**
 * Each file's verdict under the rule's context, as reported. A verdict is kept under the file's key
 * (everything its result is made from, the checker's code included), the rule and the context.
 */
function verdictProblems(rule: SiteRule, files: readonly CheckedFile[], site: Site): Problem[] {
  const { context: contextOf, verdict, report } = rule.byContext!
  const sources = files.map((f) => f.source)
  const context: RuleContext | undefined = contextOf(site.data, sources)
  if (!context) return []
  const sourceByFile = new Map(sources.map((source) => [source.file, source]))
  const store = site.cacheDir ? resultStore(site.cacheDir) : undefined
  // Hashed once: a context holds every place the pages address, too long to hash for every file.
  const judgedUnder = createHash('sha256').update(`${rule.name}\0${context.key}`).digest('hex')
  const problems: Problem[] = []
  for (const { source, key } of files) {
    // A file that could not be read has no key: nothing to keep.
    const verdictKey = key && `${key}-${judgedUnder}`
    let found = verdictKey ? (memory.verdicts.get(verdictKey) ?? keptVerdict(store?.get(verdictKey))) : undefined
    if (!found) {
      const judged = verdict(source, context)
      if (verdictKey) store?.put(verdictKey, () => JSON.stringify(judged))
      found = judged
    }
    if (verdictKey) memory.verdicts.set(verdictKey, found)
    problems.push(...(report ? report(found, (file) => sourceByFile.get(file)) : found))
  }
  return problems
}

/** The problems of every site rule, in the registry's order. */
export function siteProblems(site: Site, rules: readonly SiteRule[] = siteRules): Problem[] {
  return rules.flatMap((rule) => {
    const files = site.files.filter((f) => rule.kinds.includes(f.kind))
    const found =
      rule.check?.({
        root: site.root,
        site: site.data,
        files: files.map((f) => ({ source: f.source, kept: f.kept?.[rule.name] })),
      }) ?? []
    return rule.byContext ? [...found, ...verdictProblems(rule, files, site)] : found
  })
}
