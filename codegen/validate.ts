import type { ErrorObject } from 'ajv'
import { describeCharacter, firstForbiddenCharacter } from './characters.ts'
import { problem, type Problem } from './errors.ts'
import { MAX_TEXT_RUN } from './limits.ts'
import { longestTextRun, markupLinks, nestingProblems, TOO_DEEP, unsafeMarkupChanges } from './markup.ts'
import { resolveRef, schemaFiles, validatorFor, type ContentKind, type JsonSchema } from './schemas.ts'
import { formatFieldPath, textLeaves, type PathSegment, type YamlSource } from './yaml-source.ts'

/** What the checks need to know about the rest of the site; passed in so the checks stay pure. */
export interface SiteIndex {
  /** Every route of the site, e.g. /ai/Ai-Development, /blog, /blog/some-post. */
  routes: ReadonlySet<string>
  imageExists(src: string): boolean
  /** Known image paths, for "did you mean" hints. */
  images?: readonly string[]
}

const IMAGE_PATH = /^\/images\//

function pathOf(instancePath: string): PathSegment[] {
  return instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p))
}

function describeType(value: unknown): string {
  if (value === null || value === undefined) return 'nothing'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a group of fields'
  if (typeof value === 'string') return 'text'
  if (typeof value === 'boolean') return `yes/no (${value})`
  if (typeof value === 'number') return `a number (${value})`
  return typeof value
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  array: 'a list',
  object: 'a group of fields',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
}

/** Levenshtein distance, small and exact: enough for "did you mean" on field names. */
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1))
      diagonal = above
    }
  }
  return row[b.length]
}

/** The closest candidate, if it is close enough to be a likely typo. Letter case never counts against. */
function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined
  let bestScore = Infinity
  for (const candidate of candidates) {
    const score = editDistance(word.toLowerCase(), candidate.toLowerCase())
    if (score < bestScore) [best, bestScore] = [candidate, score]
  }
  return best !== undefined && bestScore <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined
}

function schemaProblem(error: ErrorObject, source: YamlSource): Problem {
  const path = pathOf(error.instancePath)
  const schema = (error.parentSchema ?? {}) as JsonSchema
  const description = schema.description as string | undefined
  const at = (p: PathSegment[], part: 'value' | 'key' = 'value') => ({
    file: source.file,
    ...source.locate(p, part),
    field: formatFieldPath(p),
  })
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty)
      const known = Object.keys((schema.properties as object) ?? {})
      return problem('UnknownKey', at([...path, key], 'key'), key, closest(key, known))
    }
    case 'required': {
      const key = String(params.missingProperty)
      const propSchema = ((schema.properties as Record<string, JsonSchema>) ?? {})[key]
      const propDescription = propSchema?.description as string | undefined
      return problem('MissingField', { ...at(path), field: formatFieldPath([...path, key]) }, key, propDescription)
    }
    case 'type':
      return problem('WrongType', at(path), TYPE_NAMES[String(params.type)] ?? String(params.type), describeType(error.data))
    case 'maxLength':
      return problem('TooLong', at(path), [...String(error.data)].length, Number(params.limit), 'characters', description)
    case 'minLength':
      return problem('TooShort', at(path), [...String(error.data)].length, Number(params.limit), 'characters', description)
    case 'maxItems':
      return problem('TooLong', at(path), (error.data as unknown[]).length, Number(params.limit), 'items', description)
    case 'minItems':
      return problem('TooShort', at(path), (error.data as unknown[]).length, Number(params.limit), 'items', description)
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String)
      return problem('InvalidValue', at(path), String(error.data), allowed.join(', '), closest(String(error.data), allowed))
    }
    case 'pattern':
      return problem('InvalidFormat', at(path), String(error.data), description)
    default:
      return problem('SchemaViolation', at(path), `${error.message ?? 'is not valid'}`)
  }
}

/** Schema errors of one parsed file, each at its exact node; all of them, in file order. */
export function schemaProblems(source: YamlSource, kind: ContentKind): Problem[] {
  const validate = validatorFor(kind)
  if (validate(source.data)) return []
  const seen = new Set<string>()
  const problems: Problem[] = []
  for (const error of validate.errors ?? []) {
    // `type` errors under a failed `$ref` repeat what the inner error says.
    const key = `${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`
    if (seen.has(key)) continue
    seen.add(key)
    problems.push(schemaProblem(error, source))
  }
  return problems
}

type LeafKind = 'markup' | 'image'
export interface Leaf {
  kind: LeafKind
  path: PathSegment[]
  value: string
}

/**
 * Walks the data alongside its schema and yields the strings that are markup or image paths.
 * Driven by the schema, so a new markup or image field is checked without touching this code.
 */
export function collectLeaves(data: unknown, kind: ContentKind): Leaf[] {
  const leaves: Leaf[] = []
  const visit = (value: unknown, schema: JsonSchema, root: JsonSchema, path: PathSegment[]) => {
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref
      const resolved = resolveRef(ref, root)
      if (ref.endsWith('/markup') && typeof value === 'string') {
        leaves.push({ kind: 'markup', path, value })
        return
      }
      visit(value, resolved.schema, resolved.root, path)
      return
    }
    if (typeof value === 'string' && typeof schema.pattern === 'string' && schema.pattern.startsWith('^/images/')) {
      leaves.push({ kind: 'image', path, value })
      return
    }
    if (Array.isArray(value) && schema.items) {
      value.forEach((item, i) => visit(item, schema.items as JsonSchema, root, [...path, i]))
      return
    }
    if (value && typeof value === 'object' && schema.properties) {
      const props = schema.properties as Record<string, JsonSchema>
      for (const [key, child] of Object.entries(value)) if (props[key]) visit(child, props[key], root, [...path, key])
    }
  }
  const root = schemaFiles[kind].schema
  visit(data, root, root, [])
  return leaves
}

/**
 * Characters that are never text, in the parsed data, field names included: written as escapes in
 * double quotes ("\0", "\r", "\uFEFF", "\N", "\L", "\u202E", "\ud800") they are not in the file's
 * text, where the parser looks for them. Run on what a visitor gets, after terms are inserted; one
 * problem per field, at the field.
 */
export function forbiddenCharacterProblems(source: YamlSource): Problem[] {
  const found: Problem[] = []
  const report = (text: string, path: PathSegment[], part: 'value' | 'key') => {
    const bad = firstForbiddenCharacter(text)
    if (!bad) return
    const where = { file: source.file, ...source.locate(path, part), field: formatFieldPath(path) }
    const what = `${describeCharacter(bad.char)} at character ${bad.position}`
    found.push(problem('InvalidCharacter', where, what, part === 'key' ? 'field name' : 'text'))
  }
  const visit = (value: unknown, path: PathSegment[]) => {
    if (typeof value === 'string') report(value, path, 'value')
    else if (Array.isArray(value)) value.forEach((item, i) => visit(item, [...path, i]))
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) {
        report(key, [...path, key], 'key')
        visit(item, [...path, key])
      }
  }
  visit(source.data, [])
  return found
}

/**
 * No text a page shows in one piece may reach MAX_TEXT_RUN characters: a plain field whole, a markup
 * field between its tags. Fields the schema already limits never get this long.
 */
export function textRunProblems(source: YamlSource, kind: ContentKind): Problem[] {
  const long = textLeaves(source.data).filter(({ text }) => text.length > MAX_TEXT_RUN)
  if (long.length === 0) return []
  const markup = new Set(collectLeaves(source.data, kind).flatMap((l) => (l.kind === 'markup' ? [formatFieldPath(l.path)] : [])))
  return long.flatMap(({ path, text }) => {
    const field = formatFieldPath(path)
    const run = markup.has(field) ? longestTextRun(text) : text.length
    return run > MAX_TEXT_RUN
      ? [problem('TextTooLong', { file: source.file, ...source.locate(path), field }, run, MAX_TEXT_RUN)]
      : []
  })
}

/** Route-level rules of a site-relative link: /ai/<page>, /blog, /blog/<post>, /thank-you, /. */
function brokenInternalLink(href: string, index: SiteIndex): { suggestion?: string } | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined
  const path = href.split(/[?#]/)[0].replace(/\/+$/, '') || '/'
  if (index.routes.has(path)) return undefined
  return { suggestion: closest(path, index.routes) }
}

/** Markup, link and image checks of one file; the data must already have passed the schema. */
export function contentProblems(source: YamlSource, kind: ContentKind, index: SiteIndex): Problem[] {
  const problems: Problem[] = []
  for (const leaf of collectLeaves(source.data, kind)) {
    // Found only for a problem: a file read without positions is parsed again to find them.
    const at = () => ({ file: source.file, ...source.locate(leaf.path), field: formatFieldPath(leaf.path) })
    if (leaf.kind === 'image') {
      if (IMAGE_PATH.test(leaf.value) && !index.imageExists(leaf.value))
        problems.push(problem('MissingImage', at(), leaf.value, closest(leaf.value, index.images ?? [])))
      continue
    }
    const nesting = nestingProblems(leaf.value)
    for (const detail of nesting) problems.push(problem('IllegalNesting', at(), detail))
    // Markup nested past the cap never reaches the sanitizer, whose recursion it could exhaust.
    if (nesting.includes(TOO_DEEP)) continue
    const changes = unsafeMarkupChanges(leaf.value)
    if (changes.length > 0) problems.push(problem('UnsafeMarkup', at(), changes.join(', ')))
    for (const href of markupLinks(leaf.value)) {
      const broken = brokenInternalLink(href, index)
      if (broken) problems.push(problem('BrokenLink', at(), href, broken.suggestion))
    }
  }
  return problems
}

/** Page rules a schema cannot say: at most six steps over both rows; a location page says where its readers are. */
export function pageRuleProblems(source: YamlSource): Problem[] {
  const data = source.data as { category?: string; audience?: unknown; our_steps?: unknown[]; our_steps2?: unknown[] }
  const found: Problem[] = []
  const count = (data.our_steps?.length ?? 0) + (data.our_steps2?.length ?? 0)
  if (count > 6)
    found.push(problem('TooManySteps', { file: source.file, ...source.locate(['our_steps2']), field: 'our_steps2' }, count))
  // The claim checks can only hold a page about a place to the facts if they know which place.
  if (data.category === 'location' && data.audience === undefined) {
    const description = (schemaFiles.page.schema.properties as Record<string, JsonSchema>).audience.description as string
    found.push(
      problem(
        'MissingField',
        { file: source.file, ...source.locate(['category'], 'key'), field: 'audience' },
        'audience',
        description,
      ),
    )
  }
  return found
}
