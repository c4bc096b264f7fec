/**
 * preview/report.json read back by the deploy. The job that wrote it ran the pull request's own code,
 * so the deploy takes none of it on trust: every field must have its type and stay within its
 * bounds, the strings that become addresses (routes, picture files) must have the form the preview
 * gives them, and fields the deploy does not know are dropped. A report that fails is refused
 * whole, with the field named.
 */
import type { Problem } from '../../checker/errors.ts'
import type { EditSide } from './changes.ts'
import type { ListingChange } from './listings.ts'
import type { ChangeRow, CheckReport, CropPictures, PageFacts, PageReport, PreviewReport } from './report.ts'

/** A report the deploy refuses: the message names the field and what is wrong with it. */
export class ReportError extends Error {}

/** Longest text of any one field: the preview cuts shown words far shorter; a check's hint is the longest. */
const TEXT_MAX = 20_000
/** Most items of any one list: the site has about a hundred pages, the check a few hundred problems at worst. */
const LIST_MAX = 100_000

type Reader<T> = (value: unknown, at: string) => T

const fail = (at: string, what: string): never => {
  throw new ReportError(`${at || 'the report'} ${what}`)
}

const text: Reader<string> = (v, at) =>
  typeof v === 'string' && v.length <= TEXT_MAX ? v : fail(at, `is not a text of at most ${TEXT_MAX} characters`)

const matching =
  (pattern: RegExp, what: string): Reader<string> =>
  (v, at) =>
    typeof v === 'string' && pattern.test(v) ? v : fail(at, `is not ${what}`)

const count: Reader<number> = (v, at) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : fail(at, 'is not a whole number of 0 or more')

const flag: Reader<boolean> = (v, at) => (typeof v === 'boolean' ? v : fail(at, 'is not true or false'))

const oneOf =
  <T extends string>(...values: T[]): Reader<T> =>
  (v, at) =>
    values.includes(v as T) ? (v as T) : fail(at, `is not one of ${values.join(', ')}`)

const optional =
  <T>(read: Reader<T>): Reader<T | undefined> =>
  (v, at) =>
    v === undefined ? undefined : read(v, at)

const list =
  <T>(read: Reader<T>): Reader<T[]> =>
  (v, at) =>
    Array.isArray(v) && v.length <= LIST_MAX
      ? v.map((item, i) => read(item, `${at}[${i}]`))
      : fail(at, `is not a list of at most ${LIST_MAX} items`)

/** A group of fields, each read by its reader; only these fields are kept. */
const fields =
  <T>(readers: { [K in keyof T]-?: Reader<T[K]> }): Reader<T> =>
  (v, at) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return fail(at, 'is not a group of fields')
    const read: Partial<T> = {}
    for (const key of Object.keys(readers) as (keyof T & string)[]) {
      const value = readers[key]((v as Record<string, unknown>)[key], at ? `${at}.${key}` : key)
      if (value !== undefined) read[key] = value
    }
    return read as T
  }

/** A route as the site has them: it becomes a link on the deploy, so nothing that could leave it (`//`, `\`). */
const route = matching(/^\/(?:[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*)?$/, 'a site address such as /ai/Page-Name')
/** A picture's file name as the preview names them, `<route-as-file>-<width>.png`: it becomes a picture's address. */
const PICTURE_NAME = '[A-Za-z0-9][A-Za-z0-9._-]{0,200}\\.png'
const cropFile = matching(new RegExp(`^crops/${PICTURE_NAME}$`), 'a picture under crops/ such as crops/index--menu-375-after.png')
const pictureFile = matching(new RegExp(`^${PICTURE_NAME}$`), 'a picture file name such as index-375.png')

const editSide = fields<EditSide>({ lead: text, changed: text, trail: text })

const changeRow = fields<ChangeRow>({
  field: text,
  kind: oneOf('added', 'removed', 'edited'),
  before: optional(editSide),
  after: optional(editSide),
})

const cropPictures = fields<CropPictures>({
  key: text,
  label: text,
  files: list(fields<CropPictures['files'][number]>({ width: count, before: optional(cropFile), after: optional(cropFile) })),
})

const pageFacts = fields<PageFacts>({
  title: text,
  descriptionLength: optional(count),
  words: count,
  links: count,
  images: count,
  gzipBytes: count,
})

const pageReport = fields<PageReport>({
  route,
  file: text,
  status: oneOf('new', 'removed', 'edited'),
  facts: optional(pageFacts),
  changes: list(changeRow),
  unpictured: list(text),
  crops: list(cropPictures),
  fullPages: list(pictureFile),
})

const listingChange = fields<ListingChange>({
  kind: oneOf('added', 'removed', 'renamed', 'relabelled'),
  route,
  label: text,
  was: optional(fields<NonNullable<ListingChange['was']>>({ route, label: text })),
  places: list(text),
})

const problem = fields<Problem>({
  name: text,
  file: text,
  line: count,
  column: count,
  field: text,
  message: text,
  hint: optional(text),
  warning: optional((v, at) => (v === true ? (true as const) : fail(at, 'is not true'))),
})

const checkReport = fields<CheckReport>({ ok: flag, problems: list(problem), changed: list(text), leftOut: list(text) })

const previewReport = fields<PreviewReport>({
  base: text,
  check: checkReport,
  build: oneOf('built', 'failed', 'nothing-to-build', 'no-change'),
  note: optional(text),
  pages: list(pageReport),
  siteWide: optional(
    fields<NonNullable<PreviewReport['siteWide']>>({
      files: list(text),
      routes: list(route),
      changes: list(changeRow),
      pictured: list(pageReport),
    }),
  ),
  listings: optional(list(listingChange)),
  otherFiles: list(text),
  pictureLimit: count,
})

/** The report in `json`, every field checked; a ReportError names the first field that is wrong. */
export function parseReport(json: string): PreviewReport {
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch {
    throw new ReportError('the report is not JSON')
  }
  return previewReport(data, '')
}
