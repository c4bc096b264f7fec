/**
 * The file pass: one content file parsed, walked once, its contract terms inserted, every file rule of
 * its kind run on it, and the data a page renders made from it. Caching is file-results.ts's.
 */
import { errorsAmong, type Problem } from './errors.ts'
import { walkData } from './json-schema.ts'
import { toMarkupBlocks } from './markup.ts'
import { entryOf } from './map-entry.ts'
import { fileRules, siteRules } from './rules/index.ts'
import { fileUnderCheck, type FileRule, type FileUnderCheck, type Leaf } from './rules/types.ts'
import { ALL_SCHEMAS, schemaFiles, type ContentKind } from './schemas.ts'
import type { RenderIndex, SiteIndex } from './site-index.ts'
import { expandTerms, type ContractTerms } from './terms.ts'
import { parseYamlSource, setAt, type PathSegment, type YamlSource } from './yaml-source.ts'

/** Whether a value is of the JSON type a schema names; any value is, where it names none. */
function fitsType(value: unknown, type: unknown): boolean {
  if (Array.isArray(type)) return type.some((t) => fitsType(value, t))
  if (type === 'string') return typeof value === 'string'
  if (type === 'array') return Array.isArray(value)
  if (type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value)
  if (type === 'integer') return Number.isInteger(value)
  if (type === 'number') return typeof value === 'number'
  if (type === 'boolean') return typeof value === 'boolean'
  if (type === 'null') return value === null
  return true
}

/** A file walked once: its strings, and the paths of the values not of the type their schema names. */
interface WalkedFile {
  leaves: Leaf[]
  misShapen: PathSegment[][]
}

/**
 * Every string of a file's data in file order, each field name just before its value, with what
 * the schema makes of each value; and each value of the wrong type (a number where text belongs).
 * The one walk of a file: every rule reads these.
 */
function walkFile(data: unknown, kind: ContentKind): WalkedFile {
  const walked: WalkedFile = { leaves: [], misShapen: [] }
  walkData(
    data,
    schemaFiles[kind].schema,
    {
      value(value, path, described) {
        if (described && !fitsType(value, described.schema.type)) walked.misShapen.push(path)
        if (typeof value !== 'string') return
        let role: Leaf['role']
        if (described?.refs.some((ref) => ref.endsWith('/markup'))) role = 'markup'
        else if (typeof described?.schema.pattern === 'string' && described.schema.pattern.startsWith('^/images/')) role = 'image'
        walked.leaves.push({ path, text: value, part: 'value', role })
      },
      key: (key, path) => walked.leaves.push({ path, text: key, part: 'key' }),
    },
    ALL_SCHEMAS,
  )
  return walked
}

/** Every string of a file's data in file order, each field name just before its value, with what the schema makes of each value. */
export const fileLeaves = (data: unknown, kind: ContentKind): Leaf[] => walkFile(data, kind).leaves

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

/**
 * A rule that stops, without a problem, on a file it throws on: run on a file of the wrong shape,
 * whose shape problems are reported, a rule may meet values it was not written for.
 */
function forgiving(rule: FileRule): FileRule {
  let failed = false
  const guard =
    <A extends unknown[]>(run: (...args: A) => Problem[] | undefined) =>
    (...args: A): Problem[] => {
      if (failed) return []
      try {
        return run(...args) ?? []
      } catch {
        failed = true
        return []
      }
    }
  return { ...rule, leaf: rule.leaf && guard(rule.leaf), file: rule.file && guard(rule.file) }
}

/** The file rules of each kind, by stage, in the registry's order. */
function rulesOf(rules: readonly FileRule[], kind: ContentKind) {
  const own = rules.filter((rule) => rule.kinds.includes(kind))
  return { shape: own.filter((r) => r.stage === 'shape'), content: own.filter((r) => r.stage === 'content') }
}
const registryRules = new Map<ContentKind, ReturnType<typeof rulesOf>>()

const isUnder = (path: readonly PathSegment[], at: readonly PathSegment[]) =>
  path.length >= at.length && at.every((segment, i) => path[i] === segment)

/**
 * The data with each value of the wrong type left out. A list keeps its items' places (problems name
 * items by them), so a list holding an item of the wrong type is left out whole; undefined when the
 * whole file is of the wrong type.
 */
function withoutMisShapen(data: unknown, misShapen: readonly PathSegment[][]): unknown {
  const out = structuredClone(data)
  for (const path of misShapen) {
    let end = path.length
    while (end > 0 && typeof path[end - 1] === 'number') end--
    if (end === 0) return undefined
    let parent = out as Record<PathSegment, unknown> | undefined
    for (const segment of path.slice(0, end - 1)) parent = parent?.[segment] as Record<PathSegment, unknown> | undefined
    if (parent && typeof parent === 'object') delete parent[path[end - 1]]
  }
  return out
}

/** The content rules on a file with shape problems: values not of the schema's type left out, each rule forgiving. */
function contentOfMisShapen(
  rules: readonly FileRule[],
  { source, kind, index }: FileUnderCheck,
  { leaves, misShapen }: WalkedFile,
): Problem[] {
  const data = misShapen.length > 0 ? withoutMisShapen(source.data, misShapen) : source.data
  const shaped = rules.map((rule) => (data === undefined ? { ...forgiving(rule), file: undefined } : forgiving(rule)))
  const shapedLeaves = leaves.filter(
    (leaf) => !misShapen.some((at) => isUnder(leaf.path, at) && (leaf.part === 'value' || leaf.path.length > at.length)),
  )
  return runRules(shaped, fileUnderCheck({ ...source, data }, kind, index), shapedLeaves)
}

/**
 * Every file rule on a parsed source (its terms already inserted), in order, after the problems its
 * YAML has: the shape rules (characters, schema), then the content rules. A file whose YAML cannot
 * be read gets no rule; every other file gets every rule, whatever another found.
 */
export function checkSource(
  source: YamlSource,
  kind: ContentKind,
  index: SiteIndex,
  {
    rules = fileRules,
    walked = source.data === undefined ? { leaves: [], misShapen: [] } : walkFile(source.data, kind),
  }: { rules?: readonly FileRule[]; walked?: WalkedFile } = {},
): Problem[] {
  if (source.data === undefined) return source.problems
  const staged = rules === fileRules ? entryOf(registryRules, kind, () => rulesOf(rules, kind)) : rulesOf(rules, kind)
  const file = fileUnderCheck(source, kind, index)
  const shapeProblems = runRules(staged.shape, file, walked.leaves)
  const contentProblems =
    shapeProblems.length === 0 && walked.misShapen.length === 0
      ? runRules(staged.content, file, walked.leaves)
      : contentOfMisShapen(staged.content, file, walked)
  return [...source.problems, ...shapeProblems, ...contentProblems]
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
    else if (leaf.role === 'image' && leaf.path.at(-1) === 'src') {
      const parent = leaf.path.slice(0, -1).reduce((n, s) => n[s] as Record<PathSegment, unknown>, out)
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

/** One file checked: its source as checked, its problems, and its data when none of them is an error. */
export interface Compiled {
  source: YamlSource
  problems: Problem[]
  data?: Record<string, unknown>
  /** What the site rules keep of it, by rule name. */
  kept?: Record<string, unknown>
  /** Where its result is kept: a hash of everything it is made from. */
  key?: string
}

/**
 * Parses, checks and renders one file. Pages and posts get the contract terms of site.yaml
 * inserted first, so they are checked as visitors read them.
 */
export function checkText(
  relativeFile: string,
  text: string,
  kind: ContentKind,
  index: RenderIndex,
  terms?: ContractTerms,
): Compiled {
  const source = parseYamlSource(text, relativeFile)
  const walked = source.data === undefined ? { leaves: [], misShapen: [] } : walkFile(source.data, kind)
  const values = walked.leaves.filter((leaf) => leaf.part === 'value')
  const withTerms = terms !== undefined && (kind === 'page' || kind === 'blog')
  const termProblems = withTerms && source.data !== undefined ? expandTerms(source, terms, values) : []
  // Text grown past the size limit by its insertions is not checked further: the limit keeps the checks fast.
  const tooLarge = termProblems.some((p) => p.name === 'ExpandedTooLarge')
  const checked = tooLarge ? source.problems : checkSource(source, kind, index, { walked })
  const problems = [...termProblems, ...checked]
  return {
    source,
    problems,
    data: errorsAmong(problems).length === 0 ? renderData(source.data, kind, values, index.sizeOf) : undefined,
    kept: keptBySiteRules(fileUnderCheck(source, kind, index), values),
  }
}
