/** Runs one rule as the checker does, on text or parsed files: for the rules' own tests. */
import { readFileSync } from 'node:fs'
import { checkSource, fileLeaves } from '../checker.ts'
import { loadContent } from '../../codegen/content.ts'
import { contentKindOf } from '../content-files.ts'
import type { Problem } from '../errors.ts'
import type { ContentKind } from '../schemas.ts'
import { siteProblems } from '../site-checks.ts'
import type { SiteIndex } from '../site-index.ts'
import { expandTerms } from '../terms.ts'
import { parseYamlSource, type YamlSource } from '../yaml-source.ts'
import { fileUnderCheck, type FileRule, type SiteRule } from './types.ts'

/** A site of three routes and two images. */
export const testIndex: SiteIndex = {
  routes: new Set(['/', '/blog', '/ai/Ai-Development']),
  imageExists: (src) => src === '/images/pages/placeholder.svg' || src === '/images/pages/insurance-ai.svg',
  images: ['/images/pages/placeholder.svg', '/images/pages/insurance-ai.svg'],
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

/** Every check a page gets, the contract `terms` inserted first, as the content check runs them. */
export function pageProblems(text: string, terms: Record<string, string> = {}, file = 'content/pages/x.yaml'): Problem[] {
  const source = parseYamlSource(text, file)
  const termProblems = source.problems.length === 0 ? expandTerms(source, terms) : []
  return termProblems.length > 0 ? termProblems : checkSource(source, 'page', testIndex)
}

/** `source` as the site pass gets it, with what `rule` keeps of it in the file pass. */
function checkedFile(rule: SiteRule, source: YamlSource, kind: ContentKind) {
  const values = fileLeaves(source.problems.length > 0 ? undefined : source.data, kind).filter((l) => l.part === 'value')
  return { kind, source, kept: rule.keep && { [rule.name]: rule.keep(fileUnderCheck(source, kind, testIndex), values) } }
}

/** The problems `rule` alone finds across `sources`, all of `kind`, with what it keeps of each. */
export function siteRuleProblems(
  rule: SiteRule,
  sources: readonly YamlSource[],
  { kind = 'page', site }: { kind?: ContentKind; site?: Record<string, unknown> } = {},
): Problem[] {
  const files = sources.map((source) => checkedFile(rule, source, kind))
  return siteProblems({ contentNames: [], data: site, files }, [rule])
}

/** The problems `rule` alone finds across files of any kinds, each kind read from where its file sits. */
export function siteFilesProblems(rule: SiteRule, files: Record<string, string>): Problem[] {
  const checked = Object.entries(files).map(([file, text]) => {
    const kind = contentKindOf(file)
    if (!kind) throw new Error(`${file} is not where any content file sits`)
    return checkedFile(rule, parseYamlSource(text, file), kind)
  })
  return siteProblems({ contentNames: [], files: checked }, [rule])
}

/**
 * Every problem of the real site with `edits` made to one of its files, as the check of a pull
 * request would find them; the edited text stands in for the file, and nothing on disk changes.
 */
export function realSiteProblems(file: string, ...edits: [from: string, to: string][]): Problem[] {
  let text = readFileSync(file, 'utf8')
  for (const [from, to] of edits) {
    if (!text.includes(from)) throw new Error(`${file} does not hold ${JSON.stringify(from)}`)
    text = text.replace(from, to)
  }
  return loadContent('.', { file, text }).problems
}

/**
 * Every problem of the real site with `edits` made to the one file they name (as realSiteProblems),
 * or of the site as it is when they name none.
 */
export function realContentProblems(edits: Record<string, [from: string, to: string][]> = {}): Problem[] {
  const entries = Object.entries(edits)
  if (entries.length > 1) throw new Error('realContentProblems edits one file')
  return entries.length === 0 ? loadContent('.').problems : realSiteProblems(entries[0][0], ...entries[0][1])
}
