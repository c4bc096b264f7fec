/**
 * What a preview found, as `npm run content:preview` writes it to preview/report.json: the data the
 * summary and the pull-request comment are written from, once the deploy's address is known.
 */
import type { Problem } from '../../checker/errors.ts'
import type { EditSide } from './changes.ts'
import type { ListingChange } from './listings.ts'

export const REPORT_FILE = 'report.json'

/** One changed field as the summary shows it: its name, and the text before and after. */
export interface ChangeRow {
  field: string
  kind: 'added' | 'removed' | 'edited'
  before?: EditSide
  after?: EditSide
}

/** Pictures of one section of one page: files relative to preview/, by width and side. */
export interface CropPictures {
  key: string
  label: string
  files: { width: number; before?: string; after?: string }[]
}

/** What an editor wants to know of a built page. */
export interface PageFacts {
  title: string
  /** Characters of the meta description, when the page has one. */
  descriptionLength?: number
  words: number
  links: number
  images: number
  gzipBytes: number
}

export interface PageReport {
  route: string
  file: string
  status: 'new' | 'removed' | 'edited'
  facts?: PageFacts
  changes: ChangeRow[]
  /** The change's fields that no section shows (a meta title), said in words instead of a picture. */
  unpictured: string[]
  crops: CropPictures[]
  /** Full-page pictures, relative to preview/: `<route-as-file>-<width>.png`. */
  fullPages: string[]
}

/** A change every page shows (site.yaml, a schema, a blog post on every landing page): listed once. */
interface SiteWideReport {
  files: string[]
  routes: string[]
  changes: ChangeRow[]
  /** The few pages pictured, with their pictures. */
  pictured: PageReport[]
}

export interface CheckReport {
  ok: boolean
  /** Every problem the check found: the summary writes them as the check's job summary does. */
  problems: Problem[]
  /** The files the change touched, which the check's report lists first. */
  changed: string[]
  /** Files with problems, shown in the preview as the base has them (or left out when new). */
  leftOut: string[]
}

export interface PreviewReport {
  /** Which base the preview compared with, in one line. */
  base: string
  check: CheckReport
  build: 'built' | 'failed' | 'nothing-to-build' | 'no-change'
  /** A hint to the person running the preview, e.g. that their edits are all committed. */
  note?: string
  pages: PageReport[]
  siteWide?: SiteWideReport
  /** Pages added, removed, renamed or relabelled: the footer, home index and sitemap that list them. */
  listings?: ListingChange[]
  /** Changed files that reach no page (notes, redirects, code). */
  otherFiles: string[]
  /** Page-specific routes beyond this many got no pictures. */
  pictureLimit: number
}

/** Where the preview can be seen: the deploy's own address, or why there is none. */
export type DeployResult = { url: string } | { skipped: string }
