/**
 * The content workflow's artifact as the deploy reads it: `preview/` (report.json and the crops) and
 * `dist/` (the preview build). The job that made it ran the pull request's own code, so the deploy
 * treats all of it as data: report.json is checked field by field (report-reader.ts), and the site
 * and the pictures are copied into a folder of the deploy's own, file by file, each a regular file
 * with a plain name and within Cloudflare Pages' limits, before wrangler uploads that folder. Nothing
 * in the artifact is run, imported or sourced, and nothing in it may become code on Cloudflare.
 */
import {
  closeSync,
  copyFileSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
} from 'node:fs'
import path from 'node:path'
import { REPORT_FILE, type PreviewReport } from './report.ts'
import { parseReport, ReportError } from './report-reader.ts'
import { PICTURES_PATH } from './summary.ts'

/** Cloudflare Pages takes at most 20,000 files per deploy and 25 MiB per file. */
export const SITE_LIMITS = { files: 20_000, fileBytes: 25 * 1024 * 1024, totalBytes: 512 * 1024 * 1024 }
/** The report of a hundred changed pages is well under 1 MiB. */
const REPORT_MAX_BYTES = 16 * 1024 * 1024
/** A crop at 1280 px is a few hundred KB. */
const PICTURE_MAX_BYTES = 8 * 1024 * 1024
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** The crops' names as the preview writes them. */
const CROP_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.png$/
/**
 * A file of this name at the top of a Pages deploy is compiled and run by Cloudflare as the site's
 * worker, with the project's bindings: the preview deploys files only.
 */
const WORKER_ENTRY = '_worker.js'

/** Something in the artifact the deploy will not upload; the message names the file and why. */
export class ArtifactError extends Error {}

/** A report of nothing built, that says why in its first line. */
export const reportOfNothing = (why: string): PreviewReport => ({
  base: why,
  check: { ok: true, problems: [], changed: [], leftOut: [] },
  build: 'failed',
  pages: [],
  otherFiles: [],
  pictureLimit: 0,
})

/** The report content:preview wrote in `previewDir`, checked; one that says so when it wrote none. */
export function readReport(previewDir: string): PreviewReport {
  const file = path.join(previewDir, REPORT_FILE)
  if (!existsSync(file))
    return reportOfNothing('The preview stopped before it could say what changed: open the run log for the error.')
  const stat = lstatSync(file)
  if (!stat.isFile() || stat.size > REPORT_MAX_BYTES)
    throw new ReportError(`the report is not a file of at most ${REPORT_MAX_BYTES / 1024 / 1024} MiB`)
  return parseReport(readFileSync(file, 'utf8'))
}

/** Control characters in a name printed to the run's log could forge its lines (and workflow commands). */
const CONTROL = /[\u0000-\u001f\u007f]/
const printable = (name: string) => name.replace(new RegExp(CONTROL.source, 'g'), '?')

/**
 * Copies the site in `dist` into the empty folder `stage`: directories and regular files only (no
 * link, which could reach outside), names without control characters, no worker entry and nothing
 * where the pictures go, and at most SITE_LIMITS files and bytes. Throws an ArtifactError naming the first file refused.
 */
export function stageSite(dist: string, stage: string): { files: number; bytes: number } {
  const total = { files: 0, bytes: 0 }
  const refuse = (relative: string, why: string): never => {
    throw new ArtifactError(`dist/${printable(relative)} ${why}`)
  }
  const copyDir = (relative: string) => {
    mkdirSync(path.join(stage, relative), { recursive: true })
    for (const name of readdirSync(path.join(dist, relative))) {
      const entry = relative ? `${relative}/${name}` : name
      if (CONTROL.test(name)) refuse(entry, 'has a control character in its name')
      if (entry === WORKER_ENTRY) refuse(entry, 'would run as a worker on Cloudflare')
      if (entry === PICTURES_PATH) refuse(entry, 'is where the deploy puts the preview’s pictures')
      const stat = lstatSync(path.join(dist, entry))
      if (stat.isDirectory()) {
        copyDir(entry)
        continue
      }
      if (!stat.isFile()) refuse(entry, 'is not a regular file or folder (a link?)')
      if (stat.size > SITE_LIMITS.fileBytes) refuse(entry, `is over ${SITE_LIMITS.fileBytes / 1024 / 1024} MiB`)
      total.files += 1
      total.bytes += stat.size
      if (total.files > SITE_LIMITS.files) refuse(entry, `is past ${SITE_LIMITS.files} files`)
      if (total.bytes > SITE_LIMITS.totalBytes) refuse(entry, `is past ${SITE_LIMITS.totalBytes / 1024 / 1024} MiB in all`)
      copyFileSync(path.join(dist, entry), path.join(stage, entry), constants.COPYFILE_EXCL)
    }
  }
  if (!lstatSync(dist).isDirectory()) refuse('', 'is not a folder')
  copyDir('')
  return total
}

/** Whether a file starts as a PNG does. */
function isPng(file: string): boolean {
  const head = Buffer.alloc(PNG_SIGNATURE.length)
  const fd = openSync(file, 'r')
  try {
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(PNG_SIGNATURE)
  } finally {
    closeSync(fd)
  }
}

/**
 * Copies the crops in `crops` into `target` (the deploy's `_preview/`, where the comment's pictures
 * point): PNG files named as the preview names them, each at most PICTURE_MAX_BYTES. Returns how many.
 */
export function stagePictures(crops: string, target: string): number {
  if (!existsSync(crops)) return 0
  const names = readdirSync(crops)
  mkdirSync(target, { recursive: true })
  for (const name of names) {
    const file = path.join(crops, name)
    const stat = lstatSync(file)
    const why = !CROP_NAME.test(name)
      ? 'is not named like a crop (<route>--<section>-<width>-<before|after>.png)'
      : !stat.isFile()
        ? 'is not a regular file'
        : stat.size > PICTURE_MAX_BYTES
          ? `is over ${PICTURE_MAX_BYTES / 1024 / 1024} MiB`
          : !isPng(file)
            ? 'is not a PNG picture'
            : undefined
    if (why) throw new ArtifactError(`preview/crops/${printable(name)} ${why}`)
    copyFileSync(file, path.join(target, name), constants.COPYFILE_EXCL)
  }
  return names.length
}
