/**
 * Loading the content: every file under content/ read and checked (the file pass, checker.ts, each
 * result remembered by file-results.ts), then the rules across files (site-checks.ts). All problems
 * come back in one run, sorted by place.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Compiled } from './checker-memory.ts'
import { bytesProblem, CONTENT_DIRS, toPosix, yamlFilesIn } from './content-files.ts'
import { problem, type Problem } from './errors.ts'
import { compileContentFile, storeOf } from './file-results.ts'
import type { ContentKind } from './schemas.ts'
import { siteProblems, type CheckedFile } from './site-checks.ts'
import { createSiteIndex, type CheckedSiteIndex } from './site-index.ts'
import type { ContractTerms } from './terms.ts'
import type { Redirect } from '../src/core/manifest.ts'
import { landingRouteOf } from '../src/core/routes.ts'

export interface PageEntry {
  /** Route, e.g. /ai/Ai-Development; the file name without .yaml is the last segment. */
  route: string
  file: string
  data: Record<string, unknown>
  /** Hash of everything the data is made from (the file, the checker, site.yaml's terms, the site's routes and images). */
  key: string
}

export interface ContentSet {
  root: string
  problems: Problem[]
  site?: Record<string, unknown>
  pages: PageEntry[]
  blogs: Record<string, unknown>[]
  projects?: Record<string, unknown>
  /** Old page addresses and where each now leads, from content/redirects.yaml once it passes the check. */
  redirects: Redirect[]
  /** Files behind each part, for tools that watch or time them. */
  files: string[]
}

/** The result for a file that could not be read or checked: its one problem, no data. */
function unreadableFile(file: string, found: Problem): Compiled {
  return {
    source: { file, data: undefined, problems: [found], locate: () => ({ line: 1, column: 1 }) },
    problems: [found],
  }
}

/**
 * An entry the form editor has not saved: its file's text in place of what the disk holds, or a file
 * the disk does not hold yet. The whole site is checked with it, as the pull request would be.
 */
export interface Draft {
  /** Relative to the root, with forward slashes: content/pages/Ai-Denver.yaml. */
  file: string
  text: string
}

/** Reads and checks one file; one the checker cannot handle must not hide the problems of every other file. */
function checkFile(
  root: string,
  file: string,
  kind: ContentKind,
  index: CheckedSiteIndex,
  terms?: ContractTerms,
  draft?: Draft,
): Compiled {
  const rel = toPosix(path.relative(root, file))
  try {
    const bytes = rel === draft?.file ? Buffer.from(draft.text, 'utf8') : readFileSync(file)
    const unreadable = bytesProblem(rel, bytes)
    return unreadable ? unreadableFile(rel, unreadable) : compileContentFile(rel, bytes.toString('utf8'), kind, index, terms)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    return unreadableFile(rel, problem('CheckFailed', { file: rel, line: 1, column: 1, field: '' }, detail))
  }
}

/** The files of a folder of pages or posts, with a new draft among them. */
function withDraft(root: string, dir: string, draft?: Draft): string[] {
  const files = yamlFilesIn(root, dir)
  const file = draft && path.join(root, draft.file)
  return file && path.dirname(draft.file) === dir && !files.includes(file) ? [...files, file].sort() : files
}

/**
 * Loads, checks and renders every content file under `root`, with `draft` in place of its file.
 * All problems come back in one run.
 */
export function loadContent(root: string, draft?: Draft): ContentSet {
  const pageFiles = withDraft(root, CONTENT_DIRS.pages, draft)
  const blogFiles = withDraft(root, CONTENT_DIRS.blogs, draft)
  const index = createSiteIndex(root, { pageFiles, blogFiles })
  // What this run checks is written to the disk cache in one transaction at the end.
  const flush = storeOf(index)?.defer()
  try {
    return loadContentWith(root, index, { pageFiles, blogFiles, draft })
  } finally {
    flush?.()
  }
}

function loadContentWith(
  root: string,
  index: CheckedSiteIndex,
  { pageFiles, blogFiles, draft }: { pageFiles: string[]; blogFiles: string[]; draft?: Draft },
): ContentSet {
  const problems: Problem[] = []
  const checked: CheckedFile[] = []
  const check = (file: string, kind: ContentKind, terms?: ContractTerms) => {
    const result = checkFile(root, file, kind, index, terms, draft)
    problems.push(...result.problems)
    checked.push({ kind, source: result.source, key: result.key, kept: result.kept })
    return result
  }
  /** site.yaml and projects.yaml: one file each, which must be there. */
  const single = (rel: string, kind: ContentKind) => {
    if (existsSync(path.join(root, rel)) || draft?.file === rel) return check(path.join(root, rel), kind).data
    problems.push(problem('EmptyFile', { file: rel, line: 1, column: 1, field: '' }))
    return undefined
  }

  const site = single(CONTENT_DIRS.site, 'site')
  const terms = site?.terms as ContractTerms | undefined
  const pages: PageEntry[] = pageFiles.flatMap((f) => {
    const r = check(f, 'page', terms)
    return r.data ? [{ route: landingRouteOf(r.source.file), file: r.source.file, data: r.data, key: r.key! }] : []
  })
  const blogs = blogFiles.flatMap((f) => {
    const r = check(f, 'blog', terms)
    return r.data ? [r.data] : []
  })
  const projects = single(CONTENT_DIRS.projects, 'projects')
  // The redirects file is optional: a site whose pages were never renamed needs none.
  const hasRedirects = existsSync(path.join(root, CONTENT_DIRS.redirects)) || draft?.file === CONTENT_DIRS.redirects
  const redirects = hasRedirects ? check(path.join(root, CONTENT_DIRS.redirects), 'redirects').data : undefined
  problems.push(...siteProblems({ root, data: site, files: checked, cacheDir: index.cacheDir }))

  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
  pages.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))
  blogs.sort((a, b) => String(b.published).localeCompare(String(a.published)) || Number(b.id) - Number(a.id))
  const files = [
    CONTENT_DIRS.site,
    CONTENT_DIRS.projects,
    ...(hasRedirects ? [CONTENT_DIRS.redirects] : []),
    ...[...pageFiles, ...blogFiles].map((f) => toPosix(path.relative(root, f))),
  ]
  const redirectList = (redirects?.redirects ?? []) as Redirect[]
  return { root, problems, site, pages, blogs, projects, redirects: redirectList, files }
}
