/** Runs one rule as the checker does, on text or parsed files: for the rules' own tests. */
import { checkSource, fileLeaves } from '../checker.ts'
import type { Problem } from '../errors.ts'
import type { ContentKind } from '../schemas.ts'
import { siteProblems } from '../site-checks.ts'
import type { SiteIndex } from '../site-index.ts'
import { parseYamlSource, type YamlSource } from '../yaml-source.ts'
import { fileUnderCheck, type FileRule, type SiteRule } from './types.ts'

/** A site of three routes and one image. */
export const testIndex: SiteIndex = {
  routes: new Set(['/', '/blog', '/ai/Ai-Development']),
  imageExists: (src) => src === '/images/pages/placeholder.svg',
  images: ['/images/pages/placeholder.svg'],
}

/** The problems `rule` alone finds in `text`, read as a file of `kind`. */
export function fileRuleProblems(
  rule: FileRule,
  text: string,
  {
    kind = 'page',
    file = 'content/pages/x.yaml',
    index = testIndex,
  }: { kind?: ContentKind; file?: string; index?: SiteIndex } = {},
): Problem[] {
  return checkSource(parseYamlSource(text, file), kind, index, { rules: [rule] })
}

/** The problems `rule` alone finds across `sources`, all of `kind`, with what it keeps of each. */
export function siteRuleProblems(
  rule: SiteRule,
  sources: readonly YamlSource[],
  { kind = 'page', site, root = '' }: { kind?: ContentKind; site?: Record<string, unknown>; root?: string } = {},
): Problem[] {
  const files = sources.map((source) => {
    const values = fileLeaves(source.problems.length > 0 ? undefined : source.data, kind).filter((l) => l.part === 'value')
    const kept = rule.keep && { [rule.name]: rule.keep(fileUnderCheck(source, kind, testIndex), values) }
    return { kind, source, kept }
  })
  return siteProblems({ root, data: site, files }, [rule])
}
