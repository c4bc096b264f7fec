import path from 'node:path'
import { problem, type Problem } from './errors.ts'
import { filesUnder } from './files.ts'
import { MAX_CONTENT_FILE_BYTES } from './limits.ts'
import type { ContentKind } from './schemas.ts'
import { BLOGS_DIR, PAGES_DIR } from '../src/core/routes.ts'

/** Where content lives, relative to the project root. */
export const CONTENT_DIRS = {
  site: 'content/site.yaml',
  pages: PAGES_DIR,
  blogs: BLOGS_DIR,
  projects: 'content/projects.yaml',
  redirects: 'content/redirects.yaml',
  public: 'public',
} as const

/** A relative path with `/` between folders, as problems name files. */
export const toPosix = (p: string) => p.split(path.sep).join('/')

/** The YAML files of a content folder (`dir`, relative to `root`), in name order, as full paths. */
export const yamlFilesIn = (root: string, dir: string): string[] =>
  filesUnder(path.join(root, dir), { nested: false })
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => path.join(root, dir, f))

/** Which kind of content a file under content/ holds, from where it sits. */
export function contentKindOf(relativeFile: string): ContentKind | undefined {
  const rel = toPosix(relativeFile)
  if (rel === CONTENT_DIRS.site) return 'site'
  if (rel === CONTENT_DIRS.projects) return 'projects'
  if (rel === CONTENT_DIRS.redirects) return 'redirects'
  if (rel.startsWith(CONTENT_DIRS.pages + '/') && rel.endsWith('.yaml')) return 'page'
  if (rel.startsWith(CONTENT_DIRS.blogs + '/') && rel.endsWith('.yaml')) return 'blog'
  return undefined
}

/** A file too large, or not UTF-8, is reported before it is parsed. */
export function bytesProblem(file: string, bytes: Buffer): Problem | undefined {
  if (bytes.length > MAX_CONTENT_FILE_BYTES)
    return problem('FileTooLarge', { file, line: 1, column: 1, field: '' }, bytes.length, MAX_CONTENT_FILE_BYTES)
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return undefined
  } catch {
    const text = bytes.toString('utf8')
    const before = text.slice(0, Math.max(0, text.indexOf('\uFFFD'))).split('\n')
    return problem('InvalidEncoding', { file, line: before.length, column: before[before.length - 1].length + 1, field: '' })
  }
}
