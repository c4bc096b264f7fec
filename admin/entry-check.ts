/**
 * The content check of an unsaved entry, in the editor's browser: the site's snapshot checked with the
 * entry in place of its file by the code of `npm run content:check`; its problems named as the form
 * names its fields ("FAQ 9, answer").
 */
import { checkSite, type CompileFile } from '../checker/check-site.ts'
import { checkText, type Compiled } from '../checker/checker.ts'
import { CONTENT_DIRS, contentKindOf } from '../checker/content-files.ts'
import type { Problem } from '../checker/errors.ts'
import { fieldSchema } from '../checker/json-schema.ts'
import { ALL_SCHEMAS, schemaFiles, type ContentKind } from '../checker/schemas.ts'
import type { VerdictMemory } from '../checker/site-checks.ts'
import { indexOfSite, withDraft, type RenderIndex } from '../checker/site-index.ts'
import { sourceOfSnapshot, type SiteSnapshot } from '../checker/site-snapshot.ts'
import { fieldName, type FieldPath } from '../tools/content-preview/field-names.ts'

/** The entry as a save would write it: its collection, its file name without extension, its text. */
export interface DraftRequest {
  collection: string
  slug: string
  text: string
  /** An entry not saved yet: its file must not be there already. */
  isNew?: boolean
}

/** One problem of the entry, as the form shows it. */
export interface DraftProblem {
  field: string
  label: string
  line: number
  message: string
  hint?: string
  warning?: true
}

/** A collection's file for an entry, as admin/config.yml places them; undefined for an unknown collection or a name that is no file name. */
export function draftFile({ collection, slug }: Pick<DraftRequest, 'collection' | 'slug'>): string | undefined {
  if (collection === 'site') return CONTENT_DIRS.site
  // The same file names the folders hold: no folder steps, no dot files.
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(slug)) return undefined
  if (collection === 'pages') return `${CONTENT_DIRS.pages}/${slug}.yaml`
  if (collection === 'blogs') return `${CONTENT_DIRS.blogs}/${slug}.yaml`
  return undefined
}

/** `services[3].title` as a path: ['services', 3, 'title']. */
export const parseFieldPath = (field: string): FieldPath =>
  [...field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, key, index]) => (index === undefined ? key : Number(index)))

/** A problem as the form shows it: a field the form left empty is said as the form would say it, not as the YAML line to add. */
function asFormShowsIt({ name, field, line, message, hint, warning }: Problem, kind: ContentKind): DraftProblem {
  const path = parseFieldPath(field)
  const missing = name === 'MissingField'
  const description = missing ? fieldSchema(schemaFiles[kind].schema, path, ALL_SCHEMAS)?.description : undefined
  return {
    field,
    label: field ? fieldName(path, kind) : 'The whole entry',
    line,
    message: missing ? 'required, and empty' : message,
    ...(missing ? { hint: `Fill it in.${description ? ` ${description}` : ''}` } : hint ? { hint } : {}),
    ...(warning ? { warning } : {}),
  }
}

/** Each file's last result, with what it was made from; the site's routes and pictures they were all checked with; `count` results were made. */
interface FileResults {
  byFile: Map<string, { made: string; result: Compiled }>
  site?: string
  count: number
}

/**
 * Each file's last result, kept while its text and terms and the site's routes and pictures stay (a
 * new page drops them all): the entry changes with every keystroke, so later checks re-read it alone.
 */
function rememberingCompile(index: RenderIndex, results: FileResults): CompileFile {
  const site = [...index.routes, ...index.images].join('\n')
  if (results.site !== site) {
    results.byFile.clear()
    results.site = site
  }
  return (file, text, kind, terms) => {
    const made = `${kind}\0${JSON.stringify(terms ?? null)}\0${text}`
    const kept = results.byFile.get(file)
    if (kept?.made === made) return kept.result
    // A key of its own, so the site rules' verdicts on the result it replaces are not taken for its.
    const result = { ...checkText(file, text, kind, index, terms), key: String((results.count += 1)) }
    results.byFile.set(file, { made, result })
    return result
  }
}

/** The site rules' verdicts by file result, for one context per rule: another context replaces them. */
function rememberingVerdicts(): VerdictMemory {
  const rules = new Map<string, { contextKey: string; verdicts: Map<string, Problem[]> }>()
  return {
    under(rule, contextKey) {
      let kept = rules.get(rule)
      if (kept?.contextKey !== contextKey) rules.set(rule, (kept = { contextKey, verdicts: new Map() }))
      return { get: (fileKey) => kept.verdicts.get(fileKey), put: (fileKey, problems) => kept.verdicts.set(fileKey, problems) }
    },
  }
}

/** A new entry's address that is already a page's: checked against the other page, it would replace it. */
const addressTaken = (slug: string): DraftProblem => ({
  field: 'address',
  label: 'Page address',
  line: 1,
  message: `/ai/${slug} is already a page`,
  hint: 'Choose another address, or open that page from the list of landing pages to change it.',
})

/** A checker of entries against the site of `snapshot`; it remembers the other files between checks. */
export function entryChecker(snapshot: SiteSnapshot) {
  const site = sourceOfSnapshot(snapshot)
  const results: FileResults = { byFile: new Map(), count: 0 }
  const verdicts = rememberingVerdicts()
  return (entry: DraftRequest): { file: string; problems: DraftProblem[] } => {
    const file = draftFile(entry)
    if (!file) throw new Error(`no content file for collection '${entry.collection}' and name '${entry.slug}'`)
    const kind = contentKindOf(file)!
    if (entry.isNew && site.texts.has(file)) return { file, problems: [addressTaken(entry.slug)] }
    const source = withDraft(site, { file, text: entry.text })
    const index = indexOfSite(source.texts.keys(), source.images)
    const problems = checkSite(source, index, { compile: rememberingCompile(index, results), verdicts })
      .problems.filter((p) => p.file === file)
      .sort((a, b) => Number(!!a.warning) - Number(!!b.warning) || a.line - b.line)
      .map((p) => asFormShowsIt(p, kind))
    return { file, problems }
  }
}
