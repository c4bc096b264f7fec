/**
 * The whole check of a site given as data (SiteSource): the file pass (checker.ts), then the site pass
 * (site-checks.ts), with the data of what passed. It reads no disk, so the build and the form editor share it.
 */
import { checkText, type Compiled } from './checker.ts'
import { CONTENT_DIRS } from './content-files.ts'
import { problem, type Problem } from './errors.ts'
import { MAX_CONTENT_FILE_BYTES } from './limits.ts'
import type { ContentKind } from './schemas.ts'
import { siteProblems, type CheckedFile, type VerdictMemory } from './site-checks.ts'
import { contentFilesOf, type RenderIndex, type SiteSource } from './site-index.ts'
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

/** A site checked: every problem, and the data of each part that passed. */
export interface CheckedSite {
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

/** How a file is parsed, checked and rendered: checkText, or the same remembered by what it is made from. */
export type CompileFile = (file: string, text: string, kind: ContentKind, terms?: ContractTerms) => Compiled

export interface CheckSiteOptions {
  /** checkText by default. */
  compile?: CompileFile
  /** Where the site rules' verdicts are remembered; none by default. */
  verdicts?: VerdictMemory
}

/** The result for a file that could not be read or checked: its one problem, no data. */
function unreadableFile(file: string, found: Problem): Compiled {
  return {
    source: { file, data: undefined, problems: [found], locate: () => ({ line: 1, column: 1 }) },
    problems: [found],
  }
}

/** A text over the size limit, in UTF-8 bytes, is not parsed. */
function sizeProblem(file: string, text: string): Problem | undefined {
  if (text.length * 3 <= MAX_CONTENT_FILE_BYTES) return undefined
  const bytes = new TextEncoder().encode(text).length
  return bytes > MAX_CONTENT_FILE_BYTES
    ? problem('FileTooLarge', { file, line: 1, column: 1, field: '' }, bytes, MAX_CONTENT_FILE_BYTES)
    : undefined
}

/** Checks the site `source` with `index` (made from it): every problem, and the data that passed. */
export function checkSite(source: SiteSource, index: RenderIndex, options: CheckSiteOptions = {}): CheckedSite {
  const compile: CompileFile = options.compile ?? ((file, text, kind, terms) => checkText(file, text, kind, index, terms))
  const problems: Problem[] = []
  const checked: CheckedFile[] = []
  /** Reads and checks one file; one the checker cannot handle must not hide the problems of every other file. */
  const check = (file: string, kind: ContentKind, terms?: ContractTerms) => {
    const text = source.texts.get(file)!
    let result: Compiled
    try {
      const unreadable = typeof text === 'string' ? sizeProblem(file, text) : text
      result = unreadable ? unreadableFile(file, unreadable) : compile(file, text as string, kind, terms)
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      result = unreadableFile(file, problem('CheckFailed', { file, line: 1, column: 1, field: '' }, detail))
    }
    problems.push(...result.problems)
    checked.push({ kind, source: result.source, key: result.key, kept: result.kept })
    return result
  }
  /** site.yaml and projects.yaml: one file each, which must be there. */
  const single = (file: string, kind: ContentKind) => {
    if (source.texts.has(file)) return check(file, kind).data
    problems.push(problem('EmptyFile', { file, line: 1, column: 1, field: '' }))
    return undefined
  }

  const { pageFiles, blogFiles } = contentFilesOf(source.texts.keys())
  const site = single(CONTENT_DIRS.site, 'site')
  const terms = site?.terms as ContractTerms | undefined
  const pages: PageEntry[] = pageFiles.flatMap((f) => {
    const r = check(f, 'page', terms)
    return r.data ? [{ route: landingRouteOf(r.source.file), file: r.source.file, data: r.data, key: r.key ?? '' }] : []
  })
  const blogs = blogFiles.map((f) => check(f, 'blog', terms).data).filter((data) => data !== undefined)
  const projects = single(CONTENT_DIRS.projects, 'projects')
  // The redirects file is optional: a site whose pages were never renamed needs none.
  const hasRedirects = source.texts.has(CONTENT_DIRS.redirects)
  const redirects = hasRedirects ? check(CONTENT_DIRS.redirects, 'redirects').data : undefined
  problems.push(
    ...siteProblems({
      data: site,
      files: checked,
      contentNames: source.contentNames,
      publicFiles: source.publicFiles,
      added: source.added,
      verdicts: options.verdicts,
    }),
  )

  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
  pages.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))
  blogs.sort((a, b) => String(b.published).localeCompare(String(a.published)) || Number(b.id) - Number(a.id))
  const files = [
    CONTENT_DIRS.site,
    CONTENT_DIRS.projects,
    ...(hasRedirects ? [CONTENT_DIRS.redirects] : []),
    ...pageFiles,
    ...blogFiles,
  ]
  const redirectList = (redirects?.redirects ?? []) as Redirect[]
  return { problems, site, pages, blogs, projects, redirects: redirectList, files }
}
