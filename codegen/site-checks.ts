/**
 * The site pass: every site rule (codegen/rules/) over the checked files, once the file pass is done.
 * A rule's verdicts per file under a context are kept (verdict-store.ts), so a file checked before
 * under the same context is not judged again.
 */
import type { Problem } from './errors.ts'
import { siteRules } from './rules/index.ts'
import type { RuleContext, SiteRule } from './rules/types.ts'
import type { ContentKind } from './schemas.ts'
import { keepVerdicts, saveVerdictStore, verdictStore } from './verdict-store.ts'
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

/** Each file's verdict under the rule's context, from the store or found now, as reported. */
function verdictProblems(rule: SiteRule, files: readonly CheckedFile[], site: Site): Problem[] {
  const { context: contextOf, verdict, report } = rule.byContext!
  const sources = files.map((f) => f.source)
  const context: RuleContext | undefined = contextOf(site.data, sources)
  if (!context) return []
  const sourceByFile = new Map(sources.map((source) => [source.file, source]))
  const store = verdictStore(rule.name, context, site.cacheDir)
  const problems: Problem[] = []
  for (const { source, key } of files) {
    let found = key ? store.byFile.get(key) : undefined
    if (!found) {
      found = verdict(source, context)
      // A file that could not be read has no key: nothing to keep.
      if (key) keepVerdicts(store, [[key, found]])
      else store.changed = true
    }
    problems.push(...(report ? report(found, (file) => sourceByFile.get(file)) : found))
  }
  saveVerdictStore(
    store,
    files.flatMap((f) => (f.key ? [f.key] : [])),
  )
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
