/**
 * The site as the checker reads it, and the index of it the checks consult: plain data, which Node
 * reads from the project (read-site.ts) and the form editor gets with its bundle.
 */
import { CONTENT_DIRS } from './content-files.ts'
import type { Problem } from './errors.ts'
import { blogRoute } from '../src/core/blog.ts'
import { FIXED_ROUTES, isFrameRoute, landingRouteOf } from '../src/core/routes.ts'

/** A picture under public/images as the checks know it: its bytes, and its size when it can be measured. */
export interface SiteImage {
  bytes: number
  width?: number
  height?: number
  /** A hash of its bytes, where results kept between builds must notice a picture redrawn. */
  digest?: string
}

/** A file under public/ with the bytes that judge it: the whole of an SVG, the first kilobyte of any other. */
export interface PublicFile {
  /** From the project root: public/images/x.png. */
  file: string
  bytes: Uint8Array
}

/** Everything of the site the checks read. */
export interface SiteSource {
  /** Each content file the checker reads, by its path from the root (content/pages/X.yaml): its text, or why it could not be read. */
  texts: ReadonlyMap<string, string | Problem>
  /** Every file under content/ from the root, read or not, dot-files left out, in name order. */
  contentNames: readonly string[]
  /** Each picture under public/images, by its address (/images/pages/x.png). */
  images: ReadonlyMap<string, SiteImage>
  /** Every file under public/; left out where only content is checked (the form editor's check). */
  publicFiles?: readonly PublicFile[]
  /** Content files new in this change (an entry the form has not saved): of two pages alike, the new one is the copy. */
  added?: readonly string[]
}

/** What the checks need to know about the rest of the site; passed in so the checks stay pure. */
export interface SiteIndex {
  /** Every route of the site, e.g. /ai/Ai-Development, /blog, /blog/some-post. */
  routes: ReadonlySet<string>
  imageExists(src: string): boolean
  /** Known image paths, for "did you mean" hints. */
  images?: readonly string[]
  /** An image's size in bytes, and in pixels when it can be measured; undefined for a file not there. */
  imageFile?(src: string): SiteImage | undefined
}

/** The index a file is checked and rendered with: pictures get their width and height on the page, so nothing shifts. */
export interface RenderIndex extends SiteIndex {
  images: readonly string[]
  imageFile(src: string): SiteImage | undefined
  sizeOf(src: string): { width: number; height: number }
}

/** A file's name without its folders and, when given, its extension: content/pages/Ai-X.yaml → Ai-X. */
export function fileNameOf(file: string, extension = ''): string {
  const name = file.slice(file.lastIndexOf('/') + 1)
  return extension && name.endsWith(extension) ? name.slice(0, -extension.length) : name
}

/** The page and post files among a site's content files, in name order. */
export function contentFilesOf(files: Iterable<string>) {
  const names = [...files]
  const inFolder = (dir: string) => names.filter((file) => file.startsWith(`${dir}/`) && file.endsWith('.yaml')).sort()
  return { pageFiles: inFolder(CONTENT_DIRS.pages), blogFiles: inFolder(CONTENT_DIRS.blogs) }
}

/** Which routes exist, for link checks: fixed routes, one per page file, one per blog file. */
export function siteRoutes(pageFiles: readonly string[], blogFiles: readonly string[]): Set<string> {
  return new Set([
    ...FIXED_ROUTES.filter((r) => !isFrameRoute(r.route)).map((r) => r.route),
    ...pageFiles.map(landingRouteOf),
    ...blogFiles.map((f) => blogRoute(fileNameOf(f, '.yaml'))),
  ])
}

/**
 * The routes and pictures of a site, for the link and picture checks: made from the names of its
 * content files (`files`, from the root) and its pictures, never their texts.
 */
export function indexOfSite(files: Iterable<string>, pictures: SiteSource['images']): RenderIndex {
  const { pageFiles, blogFiles } = contentFilesOf(files)
  return {
    routes: siteRoutes(pageFiles, blogFiles),
    imageExists: (src) => pictures.has(src),
    images: [...pictures.keys()],
    imageFile(src) {
      const picture = pictures.get(src)
      return picture && { bytes: picture.bytes, width: picture.width, height: picture.height }
    },
    sizeOf(src) {
      const { width, height } = pictures.get(src) ?? {}
      // Called on checked data only, whose pictures the checks found measurable.
      if (width === undefined || height === undefined) throw new Error(`the size of ${src} cannot be read`)
      return { width, height }
    },
  }
}

/** An entry the form editor has not saved: its file's text in place of what the site holds, or a new file. */
export interface Draft {
  /** From the root, with forward slashes: content/pages/Ai-Denver.yaml. */
  file: string
  text: string
}

/** The site with `draft` in place of its file, or added as a new one. */
export function withDraft(source: SiteSource, draft?: Draft): SiteSource {
  if (!draft) return source
  const texts = new Map(source.texts).set(draft.file, draft.text)
  if (source.texts.has(draft.file)) return { ...source, texts }
  const contentNames = [...source.contentNames, draft.file].sort()
  return { ...source, texts, contentNames, added: [...(source.added ?? []), draft.file] }
}
