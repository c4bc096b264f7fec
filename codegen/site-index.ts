import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { imageSize } from 'image-size'
import { CONTENT_DIRS, yamlFilesIn } from './content-files.ts'
import { cacheFolder, filesUnder } from './files.ts'
import { blogRoute } from '../src/core/blog.ts'
import { FIXED_ROUTES, isFrameRoute, landingRouteOf } from '../src/core/routes.ts'

/** What the checks need to know about the rest of the site; passed in so the checks stay pure. */
export interface SiteIndex {
  /** Every route of the site, e.g. /ai/Ai-Development, /blog, /blog/some-post. */
  routes: ReadonlySet<string>
  imageExists(src: string): boolean
  /** Known image paths, for "did you mean" hints. */
  images?: readonly string[]
  /** An image's size in bytes, and in pixels when it can be measured; undefined for a file not there. */
  imageFile?(src: string): { bytes: number; width?: number; height?: number } | undefined
}

/** Sizes by a hash of the image's bytes: the same bytes have the same size in any index. */
const imageSizes = new Map<string, { width: number; height: number }>()

const measureImage = (bytes: Buffer) => {
  const found = imageSize(bytes)
  return { width: Math.round(found.width ?? 0), height: Math.round(found.height ?? 0) }
}

/**
 * Reads each image of the site once: a hash of its bytes for the index's fingerprint, and its size
 * from the same bytes, so a result never pairs one drawing's hash with another's size. Width and
 * height go on every <img> so nothing shifts. By bytes, not size and time: an image redrawn in as
 * many bytes within the file time's precision (or copied with its time kept) is another image.
 * Hashing public/images (89 files, 190 KB) takes some 1 ms, against 0.3 ms for their stats.
 */
function createImageSizer(publicDir: string, images: readonly string[]) {
  const hashes = new Map<string, string>()
  const byteCounts = new Map<string, number>()
  for (const src of images) {
    const bytes = readFileSync(path.join(publicDir, src))
    const hash = createHash('sha256').update(bytes).digest('base64url')
    hashes.set(src, hash)
    byteCounts.set(src, bytes.length)
    if (imageSizes.has(hash)) continue
    try {
      imageSizes.set(hash, measureImage(bytes))
    } catch {
      // Not an image it can measure: a page that shows it meets the error below.
    }
  }
  return {
    /** `src` and a hash of its bytes, one per image. */
    stamps: images.map((src) => `${src} ${hashes.get(src)}`),
    sizeOf: (src: string) => imageSizes.get(hashes.get(src) ?? '') ?? measureImage(readFileSync(path.join(publicDir, src))),
    imageFile: (src: string) => {
      const bytes = byteCounts.get(src)
      return bytes === undefined ? undefined : { bytes, ...imageSizes.get(hashes.get(src)!) }
    },
  }
}

/** Which routes exist, for link checks: fixed routes, one per page file, one per blog file. */
export function siteRoutes(pageFiles: readonly string[], blogFiles: readonly string[]): Set<string> {
  return new Set([
    ...FIXED_ROUTES.filter((r) => !isFrameRoute(r.route)).map((r) => r.route),
    ...pageFiles.map(landingRouteOf),
    ...blogFiles.map((f) => blogRoute(path.basename(f, '.yaml'))),
  ])
}

/**
 * Routes and images of the site as they are on disk, for the link and image checks; `files` are the
 * page and post files when they are not only the disk's (a draft not saved yet).
 */
export function createSiteIndex(
  root: string,
  files = { pageFiles: yamlFilesIn(root, CONTENT_DIRS.pages), blogFiles: yamlFilesIn(root, CONTENT_DIRS.blogs) },
) {
  const publicDir = path.join(root, CONTENT_DIRS.public)
  const images = filesUnder(path.join(publicDir, 'images')).map((f) => `/images/${f}`)
  const imageSet = new Set(images)
  const routes = siteRoutes(files.pageFiles, files.blogFiles)
  // An image's size is part of the rendered data: a redrawn image must invalidate cached results.
  const imageSizer = createImageSizer(publicDir, images)
  return {
    routes,
    imageExists: (src: string) => imageSet.has(src),
    images,
    sizeOf: imageSizer.sizeOf,
    imageFile: imageSizer.imageFile,
    /** Changes when a page, post or image is added, removed or redrawn: results checked against another index are stale. */
    fingerprint: createHash('sha1')
      .update([root, ...routes, ...imageSizer.stamps].join('\n'))
      .digest('hex'),
    /** Where checked files are kept between builds, when the project has a node_modules to hold them. */
    cacheDir: cacheFolder(root, 'site-content'),
  } satisfies SiteIndex & Record<string, unknown>
}

/** The site index with what the checker and its caches use besides the rules' part: sizes, fingerprint, cache folder. */
export type CheckedSiteIndex = ReturnType<typeof createSiteIndex>
