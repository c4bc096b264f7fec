/**
 * The content check of an entry the form editor has not saved: the whole site is checked with the
 * draft in place of its file (a new page among the others), exactly as `npm run content:check` and
 * the pull request check it, and the draft's own problems come back named as the form names its
 * fields ("FAQ 9, answer"), each with its message and fix. One source of rules: the form shows what
 * the pull request would find, before the editor saves.
 */
import type { FastifyInstance } from 'fastify'
import { DRAFT_CHECK_PATH } from '../admin/names.ts'
import type { DraftProblem, DraftRequest } from '../admin/draft-check.tsx'
import { CONTENT_DIRS, contentKindOf } from '../codegen/content-files.ts'
import { loadContent } from '../codegen/content.ts'
import { MAX_CONTENT_FILE_BYTES } from '../codegen/limits.ts'
import { ALL_SCHEMAS, schemaFiles } from '../codegen/schemas.ts'
import { fieldSchema } from '../codegen/json-schema.ts'
import { fieldName, type FieldPath } from './content-preview/field-names.ts'

/** An entry as the form holds it: its collection, its file name without extension, and its text as it would be saved. */
export type DraftEntry = DraftRequest

/** A collection's file for an entry, as admin/config.yml places them; undefined for an unknown collection or a name that is no file name. */
export function draftFile({ collection, slug }: Pick<DraftEntry, 'collection' | 'slug'>): string | undefined {
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

/**
 * Checks the site under `root` with `entry` in place of its file; the entry's problems, errors first.
 * A field the form left empty is said as the form would say it, not as the YAML line to add.
 */
export function checkDraft(root: string, entry: DraftEntry): { file: string; problems: DraftProblem[] } {
  const file = draftFile(entry)
  if (!file) throw new Error(`no content file for collection '${entry.collection}' and name '${entry.slug}'`)
  const kind = contentKindOf(file)!
  const problems = loadContent(root, { file, text: entry.text })
    .problems.filter((p) => p.file === file)
    .sort((a, b) => Number(!!a.warning) - Number(!!b.warning) || a.line - b.line)
    .map(({ name, field, line, message, hint, warning }) => {
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
    })
  return { file, problems }
}

const isDraftRequest = (body: unknown): body is DraftRequest =>
  !!body &&
  typeof body === 'object' &&
  ['collection', 'slug', 'text'].every((key) => typeof (body as Record<string, unknown>)[key] === 'string')

/** POST DRAFT_CHECK_PATH {collection, slug, text}: the entry's problems, checked against the working copy at `repo`. */
export function registerDraftCheck(app: FastifyInstance, repo: string) {
  app.post(DRAFT_CHECK_PATH, { bodyLimit: MAX_CONTENT_FILE_BYTES * 2 }, async (request, reply) => {
    const body = request.body
    if (!isDraftRequest(body)) return reply.code(400).send({ error: 'send {"collection", "slug", "text"}, each a string' })
    if (!draftFile(body)) return reply.code(400).send({ error: `no content file for '${body.collection}/${body.slug}'` })
    return { problems: checkDraft(repo, body).problems }
  })
}
