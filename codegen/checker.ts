/**
 * The file pass: one content file parsed, walked once, its contract terms inserted, every file rule
 * of its kind run on it (codegen/rules/), and the data a page renders made from it. Pure but for
 * the site index it is given; caching is file-results.ts's.
 */
import type { Problem } from './errors.ts'
import { walkData } from './json-schema.ts'
import { toMarkupBlocks } from './markup.ts'
import { fileRules, siteRules } from './rules/index.ts'
import { fileUnderCheck, type FileRule, type FileUnderCheck, type Leaf } from './rules/types.ts'
import { schemaFiles, type ContentKind } from './schemas.ts'
import type { CheckedSiteIndex, SiteIndex } from './site-index.ts'
import { expandTerms, type ContractTerms } from './terms.ts'
import { parseYamlSource, setAt, type YamlSource } from './yaml-source.ts'

const schemaList = Object.values(schemaFiles).map((s) => s.schema)

/**
 * Every string of a file's data in file order, each field name just before its value, with what
 * the schema makes of each value. The one walk of a file: every rule reads these.
 */
export function fileLeaves(data: unknown, kind: ContentKind): Leaf[] {
  const leaves: Leaf[] = []
  walkData(
    data,
    schemaFiles[kind].schema,
    {
      value(value, path, described) {
        if (typeof value !== 'string') return
        let role: Leaf['role']
        if (described?.refs.some((ref) => ref.endsWith('/markup'))) role = 'markup'
        else if (typeof described?.schema.pattern === 'string' && described.schema.pattern.startsWith('^/images/')) role = 'image'
        leaves.push({ path, text: value, part: 'value', role })
      },
      key: (key, path) => leaves.push({ path, text: key, part: 'key' }),
    },
    schemaList,
  )
  return leaves
}

const valuesOf = (leaves: readonly Leaf[]) => leaves.filter((leaf) => leaf.part === 'value')

/** Runs rules of one stage on a file: each string to the rules that read strings, then the whole file; problems in rule order. */
function runRules(rules: readonly FileRule[], file: FileUnderCheck, leaves: readonly Leaf[]): Problem[] {
  const found: Problem[][] = rules.map(() => [])
  for (const leaf of leaves) {
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i]
      if (!rule.leaf || (leaf.part === 'key' && !rule.keys)) continue
      const problems = rule.leaf(leaf, file)
      if (problems) found[i].push(...problems)
    }
  }
  rules.forEach((rule, i) => {
    if (rule.file) found[i].push(...rule.file(file))
  })
  return found.flat()
}

/** The file rules of each kind, by stage, in the registry's order. */
function rulesOf(rules: readonly FileRule[], kind: ContentKind) {
  const own = rules.filter((rule) => rule.kinds.includes(kind))
  return { shape: own.filter((r) => r.stage === 'shape'), content: own.filter((r) => r.stage === 'content') }
}
const registryRules = new Map<ContentKind, ReturnType<typeof rulesOf>>()

/**
 * Every file rule on a parsed source (its terms already inserted), in order: YAML problems stop
 * everything, then the shape rules (characters, schema) stop the content rules.
 */
export function checkSource(
  source: YamlSource,
  kind: ContentKind,
  index: SiteIndex,
  {
    rules = fileRules,
    leaves = source.problems.length > 0 ? [] : fileLeaves(source.data, kind),
  }: { rules?: readonly FileRule[]; leaves?: readonly Leaf[] } = {},
): Problem[] {
  if (source.problems.length > 0) return source.problems
  let staged = rules === fileRules ? registryRules.get(kind) : undefined
  if (!staged) {
    staged = rulesOf(rules, kind)
    if (rules === fileRules) registryRules.set(kind, staged)
  }
  const file = fileUnderCheck(source, kind, index)
  const shapeProblems = runRules(staged.shape, file, leaves)
  if (shapeProblems.length > 0) return shapeProblems
  return runRules(staged.content, file, leaves)
}

/**
 * The data a page renders: markup parsed into blocks, images given their intrinsic size. Call only
 * on data that passed every check.
 */
function renderData(
  data: unknown,
  kind: ContentKind,
  leaves: readonly Leaf[],
  sizeOf: (src: string) => { width: number; height: number },
): Record<string, unknown> {
  const out = structuredClone(data) as Record<string, unknown>
  // Who a page is for matters to the claim checks only; the browser never reads it.
  if (kind === 'page') delete out.audience
  for (const leaf of leaves) {
    if (leaf.role === 'markup') setAt(out, leaf.path, toMarkupBlocks(leaf.text))
    else if (leaf.role === 'image' && leaf.path[leaf.path.length - 1] === 'src') {
      const parentPath = leaf.path.slice(0, -1)
      const parent = parentPath.reduce<Record<string | number, unknown>>((n, s) => n[s] as Record<string | number, unknown>, out)
      Object.assign(parent, sizeOf(leaf.text))
    }
  }
  return out
}

/** What the site rules keep of a file, by rule name; undefined when none keeps anything. */
function keptBySiteRules(file: FileUnderCheck, leaves: readonly Leaf[]): Record<string, unknown> | undefined {
  const keeping = siteRules.filter((rule) => rule.keep && rule.kinds.includes(file.kind))
  if (keeping.length === 0) return undefined
  return Object.fromEntries(keeping.map((rule) => [rule.name, rule.keep!(file, leaves)]))
}

/** One file checked: its source as checked, its problems, and its data when it has none. */
export interface FileCheck {
  source: YamlSource
  problems: Problem[]
  data?: Record<string, unknown>
  /** What the site rules keep of it, by rule name. */
  kept?: Record<string, unknown>
}

/**
 * Parses, checks and renders one file. Pages and posts get the contract terms of site.yaml
 * inserted first, so they are checked as visitors read them.
 */
export function checkText(
  relativeFile: string,
  text: string,
  kind: ContentKind,
  index: CheckedSiteIndex,
  terms?: ContractTerms,
): FileCheck {
  const source = parseYamlSource(text, relativeFile)
  const leaves = source.problems.length > 0 ? [] : fileLeaves(source.data, kind)
  const values = valuesOf(leaves)
  const withTerms = terms !== undefined && (kind === 'page' || kind === 'blog')
  const termProblems = withTerms && source.problems.length === 0 ? expandTerms(source, terms, values) : []
  const problems = termProblems.length > 0 ? termProblems : checkSource(source, kind, index, { leaves })
  return {
    source,
    problems,
    data: problems.length === 0 ? renderData(source.data, kind, values, index.sizeOf) : undefined,
    kept: keptBySiteRules(fileUnderCheck(source, kind, index), values),
  }
}
