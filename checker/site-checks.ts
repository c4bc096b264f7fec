/**
 * The site pass: every site rule over the checked files. A verdict on a file under a context can be
 * remembered (VerdictMemory), so a file is not judged twice under the same context.
 */
import type { Problem } from './errors.ts'
import { siteRules } from './rules/index.ts'
import type { RuleContext, SiteRule } from './rules/types.ts'
import type { ContentKind } from './schemas.ts'
import type { PublicFile } from './site-index.ts'
import type { YamlSource } from './yaml-source.ts'

/** A checked file as the site pass reads it; a file that could not be read has no key. */
export interface CheckedFile {
  kind: ContentKind
  source: YamlSource
  key?: string
  kept?: Record<string, unknown>
}

/**
 * Where the site rules' verdicts are remembered: a verdict on a file (by its key: everything its
 * result is made from) under a rule and its context is the same whenever they are.
 */
export interface VerdictMemory {
  /** The memory of one rule under one context. */
  under(
    rule: string,
    contextKey: string,
  ): {
    get(fileKey: string): Problem[] | undefined
    put(fileKey: string, problems: Problem[]): void
  }
}

/** The site as the site pass reads it: what a site rule gets (rules/types.ts SiteFiles), its files in the order read. */
export interface Site {
  data?: Record<string, unknown>
  files: readonly CheckedFile[]
  contentNames: readonly string[]
  publicFiles?: readonly PublicFile[]
  added?: readonly string[]
  verdicts?: VerdictMemory
}

/** Each file's verdict under the rule's context, as reported; remembered by file key where the site has a memory. */
function verdictProblems(rule: SiteRule, files: readonly CheckedFile[], site: Site): Problem[] {
  const { context: contextOf, verdict, report } = rule.byContext!
  const sources = files.map((f) => f.source)
  const context: RuleContext | undefined = contextOf(site.data, sources)
  if (!context) return []
  const sourceByFile = new Map(sources.map((source) => [source.file, source]))
  const kept = site.verdicts?.under(rule.name, context.key)
  const problems: Problem[] = []
  for (const { source, key } of files) {
    // A file that could not be read has no key: nothing to keep.
    let found = key ? kept?.get(key) : undefined
    if (!found) {
      found = verdict(source, context)
      if (key) kept?.put(key, found)
    }
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
        contentNames: site.contentNames,
        publicFiles: site.publicFiles,
        added: site.added ?? [],
        site: site.data,
        files: files.map((f) => ({ source: f.source, kept: f.kept?.[rule.name] })),
      }) ?? []
    return rule.byContext ? [...found, ...verdictProblems(rule, files, site)] : found
  })
}
