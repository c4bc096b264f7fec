/**
 * The site read from a project folder as the checker takes it (SiteSource): content texts and names,
 * pictures measured, public/'s files; and the fingerprint and store kept results are filed under.
 */
import { createHash } from 'node:crypto'
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs'
import path from 'node:path'
import { imageSize } from 'image-size'
import { CONTENT_DIRS } from '../checker/content-files.ts'
import { problem, type Problem } from '../checker/errors.ts'
import { filesUnder } from './files.ts'
import { storeFolder } from './store.ts'
import { indexOfSite, type PublicFile, type SiteImage, type SiteSource } from '../checker/site-index.ts'

/** A relative path with `/` between folders, as problems name files. */
export const toPosix = (p: string) => p.split(path.sep).join('/')

/** Where a file's bytes stop being UTF-8, as a problem. */
function encodingProblem(file: string, bytes: Buffer): Problem {
  const text = bytes.toString('utf8')
  const before = text.slice(0, Math.max(0, text.indexOf('\uFFFD'))).split('\n')
  return problem('InvalidEncoding', { file, line: before.length, column: before[before.length - 1].length + 1, field: '' })
}

/** A content file's text (a byte-order mark kept, as the checker reports it), or the one problem that keeps it from being read; its size is the checker's to judge. */
function readText(root: string, file: string): string | Problem {
  try {
    const bytes = readFileSync(path.join(root, file))
    try {
      return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
    } catch {
      return encodingProblem(file, bytes)
    }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    return problem('CheckFailed', { file, line: 1, column: 1, field: '' }, detail)
  }
}

/** The content files the checker reads: the single files that are there, and the YAML files directly in the pages and posts folders. */
function contentFiles(root: string): string[] {
  const yamlIn = (dir: string) =>
    filesUnder(path.join(root, dir), { nested: false })
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => `${dir}/${f}`)
  const singles = [CONTENT_DIRS.site, CONTENT_DIRS.projects, CONTENT_DIRS.redirects].filter((f) => existsSync(path.join(root, f)))
  return [...singles, ...yamlIn(CONTENT_DIRS.pages), ...yamlIn(CONTENT_DIRS.blogs)]
}

/** Sizes by a hash of the image's bytes: the same bytes have the same size in any project read. */
const measured = new Map<string, { width: number; height: number } | undefined>()

function measure(bytes: Buffer, digest: string) {
  if (!measured.has(digest)) {
    try {
      const found = imageSize(bytes)
      measured.set(digest, { width: Math.round(found.width ?? 0), height: Math.round(found.height ?? 0) })
    } catch {
      // Not an image it can measure: a page that shows it meets the check's error.
      measured.set(digest, undefined)
    }
  }
  return measured.get(digest)
}

/**
 * Each picture under public/images, read once: its size and a hash for the fingerprint from the same
 * bytes (not size and time: a redrawn image may keep both), so no result pairs one's hash with another's size.
 */
function readImages(publicDir: string): Map<string, SiteImage> {
  const images = new Map<string, SiteImage>()
  for (const name of filesUnder(path.join(publicDir, 'images'))) {
    const src = `/images/${name}`
    const bytes = readFileSync(path.join(publicDir, src))
    const digest = createHash('sha256').update(bytes).digest('base64url')
    images.set(src, { bytes: bytes.length, ...measure(bytes, digest), digest })
  }
  return images
}

/** Bytes of a file other than SVG that say what it is. */
const SNIFF_BYTES = 1024

function firstBytes(file: string): Buffer {
  const fd = openSync(file, 'r')
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES)
    return buffer.subarray(0, readSync(fd, buffer, 0, SNIFF_BYTES, 0))
  } finally {
    closeSync(fd)
  }
}

/** Every file under public/, with the bytes that judge it. */
function readPublicFiles(root: string): PublicFile[] {
  const full = path.join(root, CONTENT_DIRS.public)
  return filesUnder(full).map((name) => ({
    file: `${CONTENT_DIRS.public}/${name}`,
    bytes: /\.svg$/i.test(name) ? readFileSync(path.join(full, name)) : firstBytes(path.join(full, name)),
  }))
}

/** Every file under content/ from the root, dot-files left out. */
function contentNamesUnder(root: string): string[] {
  const content = path.posix.dirname(CONTENT_DIRS.site)
  return filesUnder(path.join(root, content))
    .filter((rel) => !rel.split('/').some((part) => part.startsWith('.')))
    .map((rel) => `${content}/${rel}`)
}

/** The site under `root` as the checker takes it. */
export function readSite(root: string): SiteSource {
  const texts = new Map(contentFiles(root).map((file) => [file, readText(root, file)]))
  const images = readImages(path.join(root, CONTENT_DIRS.public))
  return { texts, contentNames: contentNamesUnder(root), images, publicFiles: readPublicFiles(root) }
}

/**
 * The index of the site under `root` from its content files' names and its pictures, with what kept
 * results are filed under: a fingerprint that changes when a page, post or picture is added, removed
 * or redrawn, and the store (undefined without a node_modules to hold it).
 */
export function keptIndex(root: string, files: Iterable<string>, images: SiteSource['images']) {
  const index = indexOfSite(files, images)
  return {
    ...index,
    fingerprint: createHash('sha1')
      .update([root, ...index.routes, ...[...images].map(([src, image]) => `${src} ${image.digest}`)].join('\n'))
      .digest('hex'),
    cacheDir: storeFolder(root),
  }
}

/** The index of the site under `root` (keptIndex), from its files' names and pictures, not their texts. */
export const readSiteIndex = (root: string) =>
  keptIndex(root, contentFiles(root), readImages(path.join(root, CONTENT_DIRS.public)))

/** The site index with what the results kept between builds are filed under. */
export type CheckedSiteIndex = ReturnType<typeof keptIndex>
