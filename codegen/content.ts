import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { imageSize } from 'image-size'
import { parse } from 'yaml'
import { problem, type Problem } from './errors.ts'
import { toMarkupBlocks } from './markup.ts'
import type { ContentKind } from './schemas.ts'
import { placeholderProblems } from './placeholder.ts'
import { claimContext, locateAudienceProblems, pageClaimProblems, type ClaimContext, type CompanyFacts } from './claims.ts'
import { publicFileProblems } from './public-files.ts'
import type { TsWorker } from './worker.ts'
import { cacheFolder, filesUnder, warnRebuiltCache, warnUnwritableCache } from './files.ts'
import { CHECKER_CODE, codeVersion } from './code-version.ts'
import { writeFileAtomic } from './write-atomic.ts'
import { MAX_CONTENT_FILE_BYTES } from './limits.ts'
import { resultStore, type ResultStore } from './result-store.ts'
import { blogRoute } from '../src/core/blog.ts'
import { BLOGS_DIR, FIXED_ROUTES, isFrameRoute, landingRouteOf, PAGES_DIR } from '../src/core/routes.ts'
import { expandTerms, uninsertedTermProblems, type ContractTerms } from './terms.ts'
import {
  collectLeaves,
  contentProblems,
  forbiddenCharacterProblems,
  pageRuleProblems,
  schemaProblems,
  textRunProblems,
  type SiteIndex,
} from './validate.ts'
import {
  formatFieldPath,
  parseWithPositions,
  parseYamlSource,
  setAt,
  textLeaves,
  type PathSegment,
  type YamlSource,
} from './yaml-source.ts'

/** Where content lives, relative to the project root. */
export const CONTENT_DIRS = {
  site: 'content/site.yaml',
  pages: PAGES_DIR,
  blogs: BLOGS_DIR,
  projects: 'content/projects.yaml',
  public: 'public',
} as const

const PAGE_FILE_NAME = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/

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
  /** Files behind each part, for tools that watch or time them. */
  files: string[]
}

const toPosix = (p: string) => p.split(path.sep).join('/')

function listYaml(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => path.join(dir, f))
}

function listImages(publicDir: string): string[] {
  return filesUnder(path.join(publicDir, 'images')).map((f) => `/images/${f}`)
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
  for (const src of images) {
    const bytes = readFileSync(path.join(publicDir, src))
    const hash = createHash('sha256').update(bytes).digest('base64url')
    hashes.set(src, hash)
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
  }
}

/**
 * The data a page renders: markup checked and parsed into blocks, images given their intrinsic size.
 * Call only on data that passed every check.
 */
function renderData(
  data: unknown,
  kind: ContentKind,
  sizeOf: (src: string) => { width: number; height: number },
): Record<string, unknown> {
  const out = structuredClone(data) as Record<string, unknown>
  // Who a page is for matters to the claim checks only; the browser never reads it.
  if (kind === 'page') delete out.audience
  for (const leaf of collectLeaves(data, kind)) {
    if (leaf.kind === 'markup') setAt(out, leaf.path, toMarkupBlocks(leaf.value))
    else if (leaf.path[leaf.path.length - 1] === 'src') {
      const parentPath = leaf.path.slice(0, -1)
      const parent = parentPath.reduce<Record<string | number, unknown>>((n, s) => n[s] as Record<string | number, unknown>, out)
      Object.assign(parent, sizeOf(leaf.value))
    }
  }
  return out
}

/** Shortest text that counts as a paragraph for the one-page-one-copy rule. */
const MIN_SHARED_PARAGRAPH = 120

const paragraphKey = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()

/** A text long enough for the one-page-one-copy rule: where it is, and a hash of its words. */
export interface ParagraphEntry {
  path: PathSegment[]
  key: string
}

/** The texts of a page the one-page-one-copy rule compares. */
function paragraphEntries(source: YamlSource): ParagraphEntry[] {
  if (source.problems.length > 0 || !source.data) return []
  return textLeaves(source.data).flatMap(({ path: at, text }) => {
    const key = paragraphKey(text)
    return key.length < MIN_SHARED_PARAGRAPH ? [] : [{ path: at, key: createHash('sha256').update(key).digest('base64url') }]
  })
}

/**
 * Every text of 120 characters or more must be on one page only (integration names aside, which are
 * short): copy repeated across pages ranks lower and reads as filler. Both places are reported.
 */
export function sharedParagraphProblems(
  pages: YamlSource[],
  entriesOf: (source: YamlSource) => ParagraphEntry[] = paragraphEntries,
): Problem[] {
  const seen = new Map<string, { file: string; path: PathSegment[]; source: YamlSource }>()
  const problems: Problem[] = []
  for (const source of pages) {
    for (const { path: at, key } of entriesOf(source)) {
      const first = seen.get(key)
      if (!first) {
        seen.set(key, { file: source.file, path: at, source })
        continue
      }
      if (first.file === source.file) continue
      const here = { file: source.file, ...source.locate(at), field: formatFieldPath(at) }
      const there = { file: first.file, ...first.source.locate(first.path), field: formatFieldPath(first.path) }
      problems.push(problem('DuplicateParagraph', here, `${there.file}:${there.line}:${there.column} (${there.field})`))
      problems.push(problem('DuplicateParagraph', there, `${here.file}:${here.line}:${here.column} (${here.field})`))
    }
  }
  return problems
}

/** Problems that span files: two pages at one address (letter case aside), two posts with one id. */
export function crossFileProblems(pages: YamlSource[], blogs: YamlSource[]): Problem[] {
  const problems: Problem[] = []
  const byRoute = new Map<string, string>()
  for (const page of pages) {
    const name = path.basename(page.file, '.yaml')
    const at = { file: page.file, line: 1, column: 1, field: '' }
    if (!PAGE_FILE_NAME.test(name)) problems.push(problem('InvalidFileName', at, name))
    const route = landingRouteOf(page.file)
    const other = byRoute.get(route.toLowerCase())
    if (other) problems.push(problem('DuplicatePath', at, route, other))
    else byRoute.set(route.toLowerCase(), page.file)
  }
  const byId = new Map<string, string>()
  for (const blog of blogs) {
    const data = blog.data as { id?: number; custom_url?: string } | undefined
    if (!data) continue
    const name = path.basename(blog.file, '.yaml')
    if (data.custom_url !== undefined && data.custom_url !== name)
      problems.push(
        problem(
          'FileNameMismatch',
          { file: blog.file, ...blog.locate(['custom_url']), field: 'custom_url' },
          'custom_url',
          data.custom_url,
          name,
        ),
      )
    if (data.id !== undefined) {
      const other = byId.get(String(data.id))
      if (other)
        problems.push(problem('DuplicateId', { file: blog.file, ...blog.locate(['id']), field: 'id' }, String(data.id), other))
      else byId.set(String(data.id), blog.file)
    }
  }
  return problems
}

/** Which routes exist, for link checks: fixed routes, one per page file, one per blog file. */
function siteRoutes(pageFiles: string[], blogFiles: string[]): Set<string> {
  return new Set([
    ...FIXED_ROUTES.filter((r) => !isFrameRoute(r.route)).map((r) => r.route),
    ...pageFiles.map(landingRouteOf),
    ...blogFiles.map((f) => blogRoute(path.basename(f, '.yaml'))),
  ])
}

/** Routes and images of the site as they are on disk, for the link and image checks. */
export function createSiteIndex(root: string) {
  const publicDir = path.join(root, CONTENT_DIRS.public)
  const images = listImages(publicDir)
  const imageSet = new Set(images)
  const routes = siteRoutes(listYaml(path.join(root, CONTENT_DIRS.pages)), listYaml(path.join(root, CONTENT_DIRS.blogs)))
  // An image's size is part of the rendered data: a redrawn image must invalidate cached results.
  const imageSizer = createImageSizer(publicDir, images)
  return {
    routes,
    imageExists: (src: string) => imageSet.has(src),
    images,
    sizeOf: imageSizer.sizeOf,
    /** Changes when a page, post or image is added, removed or redrawn: results checked against another index are stale. */
    fingerprint: createHash('sha1')
      .update([root, ...routes, ...imageSizer.stamps].join('\n'))
      .digest('hex'),
    /** Where checked files are kept between builds, when the project has a node_modules to hold them. */
    cacheDir: cacheFolder(root, 'site-content'),
  } satisfies SiteIndex & Record<string, unknown>
}

/** Which kind of content a file under content/ holds, from where it sits. */
export function contentKindOf(relativeFile: string): ContentKind | undefined {
  const rel = toPosix(relativeFile)
  if (rel === CONTENT_DIRS.site) return 'site'
  if (rel === CONTENT_DIRS.projects) return 'projects'
  if (rel.startsWith(CONTENT_DIRS.pages + '/') && rel.endsWith('.yaml')) return 'page'
  if (rel.startsWith(CONTENT_DIRS.blogs + '/') && rel.endsWith('.yaml')) return 'blog'
  return undefined
}

/** Every single-file check in order: syntax, then schema, then markup, links, images and page rules. */
export function checkSource(source: YamlSource, kind: ContentKind, index: SiteIndex): Problem[] {
  if (source.problems.length > 0) return source.problems
  const found = [...forbiddenCharacterProblems(source), ...schemaProblems(source, kind)]
  if (found.length > 0) return found
  return [
    ...textRunProblems(source, kind),
    ...contentProblems(source, kind, index),
    ...(kind === 'page' ? pageRuleProblems(source) : []),
    // Nothing is inserted into these files: a placeholder there would reach the page as written.
    ...(kind === 'site' || kind === 'projects' ? uninsertedTermProblems(source, termNamesOf(source, kind)) : []),
    ...placeholderProblems(source),
  ]
}

/** The names of the contract terms a file defines: site.yaml's, so a bare terms.name is caught there too. */
const termNamesOf = (source: YamlSource, kind: ContentKind) =>
  kind === 'site' ? Object.keys((source.data as { terms?: ContractTerms }).terms ?? {}) : []

type Compiled = {
  source: YamlSource
  problems: Problem[]
  data?: Record<string, unknown>
  key?: string
  /** A page's texts for the one-page-one-copy rule. */
  paragraphs?: ParagraphEntry[]
}

/**
 * Results by file text, one store per process even when this module is loaded twice: Vite bundles
 * its config file with everything it imports, so the content plugin runs a second copy of this code.
 */
const CACHE = Symbol.for('site-content.compiled')
const shared = globalThis as typeof globalThis & {
  [CACHE]?: { compiled: Map<string, Compiled>; claims: Map<string, ClaimStore>; checks: { count: number } }
}
const { compiled, claims, checks } = (shared[CACHE] ??= { compiled: new Map(), claims: new Map(), checks: { count: 0 } })

/** Claim problems by file key, for one claim context. */
interface ClaimStore {
  byFile: Map<string, Problem[]>
  /** Whether it holds results the disk does not. */
  changed: boolean
  file?: string
}

/**
 * The claim problems of each page under one context (the places all pages address, the facts and
 * terms), kept in memory and in one file on disk: a build after one edit runs the claim rules on
 * the edited page only, and the store costs one read and at most one write.
 */
function claimStore(context: ClaimContext, cacheDir: string | undefined): ClaimStore {
  let store = claims.get(context.key)
  if (!store) {
    const file = cacheDir
      ? path.join(cacheDir, `claims-${createHash('sha256').update(checkerVersion()).update(context.key).digest('hex')}.json`)
      : undefined
    let byFile = new Map<string, Problem[]>()
    let changed = false
    if (file && existsSync(file)) {
      try {
        const kept: unknown = JSON.parse(readFileSync(file, 'utf8'))
        const isProblemList = (problems: unknown) =>
          Array.isArray(problems) && problems.every((p) => typeof (p as Problem | null)?.file === 'string')
        if (typeof kept !== 'object' || kept === null || Array.isArray(kept) || !Object.values(kept).every(isProblemList))
          throw new Error('it does not hold problems by page')
        byFile = new Map(Object.entries(kept as Record<string, Problem[]>))
      } catch (error) {
        // Every page's claims are checked again, and the file is written anew with them.
        warnRebuiltCache('claims cache', file, error)
        changed = true
      }
    }
    claims.set(context.key, (store = { byFile, changed, file }))
  }
  return store
}

/** Writes a store's results for the pages the site has now, if it gained any. */
function saveClaimStore(store: ClaimStore, keys: readonly string[]) {
  if (!store.changed || !store.file) return
  store.changed = false
  const current = Object.fromEntries(keys.flatMap((key) => (store.byFile.has(key) ? [[key, store.byFile.get(key)]] : [])))
  try {
    writeFileAtomic(store.file, JSON.stringify(current))
  } catch (error) {
    // A read-only or full disk only costs the next build its head start.
    warnUnwritableCache(path.dirname(store.file), error)
  }
}

/** The claim rules' context of a site: its facts and terms, and the places its pages address. */
function siteClaimContext(site: Record<string, unknown> | undefined, pages: readonly YamlSource[]) {
  const { company, facts, terms } = (site ?? {}) as {
    company?: { name: string }
    facts?: Omit<CompanyFacts, 'name'>
    terms?: ContractTerms
  }
  return facts && company && terms ? claimContext(pages, { name: company.name, ...facts }, terms) : undefined
}

/** How many files this process has parsed and checked (cache hits do not count): a build checks each once. */
export const contentChecks = checks

/**
 * Parses, checks and renders one file, remembered by its text: a build checks the content once,
 * then the client and server bundles reuse the result instead of checking it twice more. Pages and
 * posts get the contract terms of site.yaml inserted first, so they are checked as visitors read them.
 */
export function compileContentFile(
  relativeFile: string,
  text: string,
  kind: ContentKind,
  index: ReturnType<typeof createSiteIndex>,
  terms?: ContractTerms,
) {
  const key = compileKey(relativeFile, text, kind, index, terms)
  let result = compiled.get(key)
  if (!result) {
    const store = storeOf(index)
    result = (store && fromStore(store, key, relativeFile, text)) || undefined
    if (!result) {
      contentChecks.count += 1
      const source = parseYamlSource(text, relativeFile)
      const withTerms = terms !== undefined && (kind === 'page' || kind === 'blog')
      const termProblems = withTerms && source.problems.length === 0 ? expandTerms(source, terms) : []
      const problems = termProblems.length > 0 ? termProblems : checkSource(source, kind, index)
      result = {
        source,
        problems,
        data: problems.length === 0 ? renderData(source.data, kind, index.sizeOf) : undefined,
        key,
        paragraphs: kind === 'page' ? paragraphEntries(source) : undefined,
      }
      const checked = result
      store?.put(key, () => JSON.stringify(storedResult(checked)))
    }
    compiled.set(key, result)
  }
  return result
}

/** What a file's result is kept under: everything it is made from. */
function compileKey(
  relativeFile: string,
  text: string,
  kind: ContentKind,
  index: ReturnType<typeof createSiteIndex>,
  terms?: ContractTerms,
) {
  const withTerms = terms !== undefined && (kind === 'page' || kind === 'blog')
  // A digest, not the text itself: V8 hashes a string of over 16,383 characters by its length
  // alone, so a map keyed by whole pages compares them in full on every lookup.
  return createHash('sha256')
    .update(checkerVersion())
    .update(`${index.fingerprint}\0${kind}\0${relativeFile}\0${withTerms ? JSON.stringify(terms) : ''}\0`)
    .update(text)
    .digest('hex')
}

/** Where results checked by earlier builds are kept, when the project has a cache folder. */
const storeOf = (index: ReturnType<typeof createSiteIndex>) => (index.cacheDir ? resultStore(index.cacheDir) : undefined)

/** One file for a worker thread to check: where it is, what it holds. */
interface CheckJob {
  relativeFile: string
  text: string
  kind: ContentKind
}

export type CheckerRequest =
  | { check: { root: string; jobs: CheckJob[]; terms?: ContractTerms; context?: ClaimContext } }
  | { claims: ClaimContext }
  | { flush: true }
type CheckAnswer = { key: string; stored: StoredResult; claims?: Problem[] }[]
type ClaimsAnswer = { key: string; problems: Problem[] }[]

/**
 * What a checker thread (scripts/build-worker.ts) answers: the files it is sent, checked; then, once
 * every page is known, their claim problems.
 */
export function checkerThread() {
  const pages: { key: string; source: YamlSource }[] = []
  // Results are written to the disk cache in one transaction once the checking is done.
  let flush: (() => void) | undefined
  // The site as it was when the build began: listed once, not for every batch.
  const indexes = new Map<string, ReturnType<typeof createSiteIndex>>()
  return (request: CheckerRequest): CheckAnswer | ClaimsAnswer | true => {
    if ('flush' in request) {
      flush?.()
      flush = undefined
      return true
    }
    if ('claims' in request) return pages.map(({ key, source }) => ({ key, problems: pageClaimProblems(source, request.claims) }))
    const { root, jobs, terms, context } = request.check
    let index = indexes.get(root)
    if (!index) indexes.set(root, (index = createSiteIndex(root)))
    flush ??= storeOf(index)?.defer()
    return jobs.flatMap((job) => {
      let result: Compiled
      try {
        result = compileContentFile(job.relativeFile, job.text, job.kind, index, terms)
      } catch {
        // Left for loadContent, which reports a file the checker cannot handle with the others.
        return []
      }
      if (job.kind !== 'page') return [{ key: result.key!, stored: storedResult(result) }]
      pages.push({ key: result.key!, source: result.source })
      const claims = context && pageClaimProblems(result.source, context)
      return [{ key: result.key!, stored: storedResult(result), claims }]
    })
  }
}

/** What claimContext reads of a page, its audience block, read from the file's text without the checks. */
function audienceFromText(file: string, text: string): YamlSource {
  const block = /^audience:[ \t]*\n(?:[ \t]+.*\n?|[ \t]*\n)*/m.exec(text)?.[0]
  let data: unknown
  try {
    data = block ? parse(block) : undefined
  } catch {
    // The check will say what is wrong; the guess just misses.
  }
  return { file, data, problems: [], locate: () => ({ line: 1, column: 1 }) }
}

/** Files a thread checks between two looks for more work. */
const CHECK_BATCH = 25

/** Below this many files to check, starting worker threads costs more than it saves. */
const PARALLEL_FROM = 200

/**
 * Checks the files no earlier build kept on every core: worker threads and this one (once
 * `joinWhen` settles) take batches of them and hand the results back, then the claims of their pages once every page's audience
 * is known. loadContent then finds all of it in memory. Checking one real page takes some 4 ms, so
 * this nearly halves a cold build of a large site on two cores.
 */
export async function checkInParallel(
  root: string,
  {
    workers: startWorkers,
    from = PARALLEL_FROM,
    joinWhen = Promise.resolve() as Promise<unknown>,
  }: {
    /** Worker threads that answer checkerThread's requests, started when first asked for; the caller closes them. */
    workers: () => TsWorker[]
    from?: number
    joinWhen?: Promise<unknown>
  },
): Promise<{ checked: number; written: Promise<void> }> {
  const none = { checked: 0, written: Promise.resolve() }
  const index = createSiteIndex(root)
  const siteFile = path.join(root, CONTENT_DIRS.site)
  if (!existsSync(siteFile)) return none
  const site = compileContentFile(CONTENT_DIRS.site, readFileSync(siteFile, 'utf8'), 'site', index).data
  const terms = site?.terms as ContractTerms | undefined
  const jobs: CheckJob[] = []
  const known: CheckJob[] = []
  for (const [dir, kind] of [
    [CONTENT_DIRS.pages, 'page'],
    [CONTENT_DIRS.blogs, 'blog'],
  ] as const) {
    for (const file of listYaml(path.join(root, dir))) {
      const bytes = readFileSync(file)
      if (bytesProblem(file, bytes)) continue
      const job = { relativeFile: toPosix(path.relative(root, file)), text: bytes.toString('utf8'), kind }
      const key = compileKey(job.relativeFile, job.text, kind, index, terms)
      if (compiled.has(key) || storeOf(index)?.has(key)) known.push(job)
      else jobs.push(job)
    }
  }
  if (jobs.length < from) return none
  const workers = startWorkers()
  if (workers.length === 0) return none
  // Small batches handed to whichever thread is free: this one joins once its other work (the
  // bundles) is done, and no thread waits on another's share.
  const batches = Array.from({ length: Math.ceil(jobs.length / CHECK_BATCH) }, (_, i) =>
    jobs.slice(i * CHECK_BATCH, (i + 1) * CHECK_BATCH),
  )
  const local = checkerThread()
  // The claim rules depend on the places every page addresses: read from the files at once, so the
  // threads run the rules while they check. If the checked pages say otherwise, they run again.
  const guessed = siteClaimContext(
    site,
    [...jobs, ...known].filter((job) => job.kind === 'page').map((job) => audienceFromText(job.relativeFile, job.text)),
  )
  try {
    const texts = new Map(jobs.map((job) => [job.relativeFile, job.text]))
    const answers: CheckAnswer = []
    const check = (batch: CheckJob[]) => ({ check: { root, jobs: batch, terms, context: guessed } })
    const inWorker = async (worker: TsWorker) => {
      for (let batch = batches.shift(); batch; batch = batches.shift()) {
        let answered: CheckAnswer
        try {
          answered = await worker.request<CheckAnswer>(check(batch))
        } catch {
          // A worker that fails (or never starts) gives its batch back, and this thread checks it.
          batches.push(batch)
          return
        }
        for (const answer of answered) {
          const { key, stored } = answer
          compiled.set(key, fromStored(stored, stored.file, texts.get(stored.file)!, key))
          answers.push(answer)
        }
        contentChecks.count += batch.length
      }
    }
    const here = async () => {
      await joinWhen.catch(() => undefined)
      for (let batch = batches.shift(); batch; batch = batches.shift()) {
        answers.push(...(local(check(batch)) as CheckAnswer))
        // Lets the workers' answers in, and their next batches out, between two of this thread's.
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
    // Two requests in flight per worker: its next batch is already waiting when it answers one,
    // so it never idles while this thread is busy checking a batch of its own.
    await Promise.all([...workers.flatMap((w) => [inWorker(w), inWorker(w)]), here()])
    // Batches a failed worker gave back after this thread's last look.
    await here()

    const sources = [...jobs, ...known]
      .filter((job) => job.kind === 'page')
      .map((job) => compileContentFile(job.relativeFile, job.text, job.kind, index, terms).source)
    const context = siteClaimContext(site, sources)
    if (context && context.key === guessed?.key) {
      const store = claimStore(context, index.cacheDir)
      for (const { key, claims } of answers) {
        if (!claims) continue
        store.byFile.set(key, claims)
        store.changed = true
      }
    } else if (context) {
      // A worker that fails leaves its pages' claims to loadContent, which runs the rules for any page without them.
      const answers = Promise.all(workers.map((w) => w.request<ClaimsAnswer>({ claims: context }).catch(() => [])))
      const store = claimStore(context, index.cacheDir)
      for (const { key, problems } of [...(local({ claims: context }) as ClaimsAnswer), ...(await answers).flat()]) {
        store.byFile.set(key, problems)
        store.changed = true
      }
    }
  } catch (error) {
    // What the workers hold is not written: the build stops.
    await Promise.all(workers.map((w) => w.close()))
    throw error
  }
  // Each thread writes its results to the disk cache in one transaction, the workers while this
  // thread goes on; a thread that fails to only costs the next build its head start.
  const written = Promise.all([
    local({ flush: true }),
    ...workers.map((w) => w.request({ flush: true }).catch(() => undefined)),
  ]).then(() => undefined)
  return { checked: jobs.length, written }
}

/**
 * The checker's code (its sources, the schemas and the installed libraries that shape its results):
 * a cached result is only reused by the same checker. Read once per process, on the first use of
 * the cache, from the project this file is in.
 */
let checker: string | undefined
function checkerVersion(): string {
  return (checker ??= codeVersion(path.join(path.dirname(fileURLToPath(import.meta.url)), '..'), CHECKER_CODE))
}

interface StoredResult {
  file: string
  paragraphs?: ParagraphEntry[]
  problems: Problem[]
  data?: Record<string, unknown>
  /** The file's data as checked (terms inserted), for the checks across files. */
  sourceData: unknown
  parseProblems: Problem[]
}

/** A result kept by an earlier build; positions are found again by parsing only if a later check asks. */
function fromStore(store: ResultStore, key: string, relativeFile: string, text: string): Compiled | undefined {
  try {
    const kept = store.get(key)
    return kept === undefined ? undefined : fromStored(JSON.parse(kept) as StoredResult, relativeFile, text, key)
  } catch {
    return undefined
  }
}

function fromStored(stored: StoredResult, relativeFile: string, text: string, key: string): Compiled {
  let parsed: YamlSource | undefined
  const source: YamlSource = {
    file: relativeFile,
    data: stored.sourceData,
    problems: stored.parseProblems,
    locate: (at, part) => (parsed ??= parseWithPositions(text, relativeFile)).locate(at, part),
  }
  return { source, problems: stored.problems, data: stored.data, key, paragraphs: stored.paragraphs }
}

const storedResult = (result: Compiled): StoredResult => ({
  file: result.source.file,
  paragraphs: result.paragraphs,
  problems: result.problems,
  data: result.data,
  sourceData: result.source.data,
  parseProblems: result.source.problems,
})

/** A file too large, or not UTF-8, is reported before it is parsed. */
function bytesProblem(file: string, bytes: Buffer): Problem | undefined {
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

/** The result for a file that could not be parsed: its one problem, no data. */
function unreadableFile(file: string, found: Problem): ReturnType<typeof compileContentFile> {
  return {
    source: { file, data: undefined, problems: [found], locate: () => ({ line: 1, column: 1 }) },
    problems: [found],
    data: undefined,
  }
}

/** Loads, checks and renders every content file under `root`. All problems come back in one run. */
export function loadContent(root: string): ContentSet {
  const index = createSiteIndex(root)
  // What this run checks is written to the disk cache in one transaction at the end.
  const flush = storeOf(index)?.defer()
  try {
    return loadContentWith(root, index)
  } finally {
    flush?.()
  }
}

function loadContentWith(root: string, index: ReturnType<typeof createSiteIndex>): ContentSet {
  const dir = (p: string) => path.join(root, p)
  const pageFiles = listYaml(dir(CONTENT_DIRS.pages))
  const blogFiles = listYaml(dir(CONTENT_DIRS.blogs))
  const problems: Problem[] = []
  const compile = (file: string, kind: ContentKind, terms?: ContractTerms) => {
    const rel = toPosix(path.relative(root, file))
    let result: ReturnType<typeof compileContentFile>
    try {
      const bytes = readFileSync(file)
      const unreadable = bytesProblem(rel, bytes)
      result = unreadable ? unreadableFile(rel, unreadable) : compileContentFile(rel, bytes.toString('utf8'), kind, index, terms)
    } catch (error) {
      // One file the checker cannot handle must not hide the problems of every other file.
      result = unreadableFile(
        rel,
        problem(
          'CheckFailed',
          { file: rel, line: 1, column: 1, field: '' },
          error instanceof Error ? error.message : String(error),
        ),
      )
    }
    problems.push(...result.problems)
    return result
  }

  const single = (rel: string, kind: ContentKind) => {
    const file = dir(rel)
    if (!existsSync(file)) {
      problems.push(problem('EmptyFile', { file: rel, line: 1, column: 1, field: '' }))
      return undefined
    }
    return compile(file, kind).data
  }

  const site = single(CONTENT_DIRS.site, 'site') as
    { company?: { name: string }; facts?: Omit<CompanyFacts, 'name'>; terms?: ContractTerms } | undefined
  const terms = site?.terms
  const pageResults = pageFiles.map((f) => compile(f, 'page', terms))
  const blogResults = blogFiles.map((f) => compile(f, 'blog', terms))
  const pageSources = pageResults.map((r) => r.source)
  const blogSources = blogResults.map((r) => r.source)
  const pages: PageEntry[] = pageResults.flatMap((r) =>
    r.data ? [{ route: landingRouteOf(r.source.file), file: r.source.file, data: r.data, key: r.key! }] : [],
  )
  const blogs = blogResults.flatMap((r) => (r.data ? [r.data] : []))
  const projects = single(CONTENT_DIRS.projects, 'projects')
  const resultOf = new Map(pageResults.map((r) => [r.source, r]))
  problems.push(
    ...crossFileProblems(pageSources, blogSources),
    ...sharedParagraphProblems(pageSources, (source) => resultOf.get(source)?.paragraphs ?? paragraphEntries(source)),
  )
  const context = siteClaimContext(site, pageSources)
  if (context) {
    const sourceByFile = new Map(pageSources.map((source) => [source.file, source]))
    const store = claimStore(context, index.cacheDir)
    for (const { source, key } of pageResults) {
      // A file that could not be read has no key: nothing to keep.
      let found = key ? store.byFile.get(key) : undefined
      if (!found) {
        found = pageClaimProblems(source, context)
        if (key) store.byFile.set(key, found)
        store.changed = true
      }
      // A claim may also be reported at the page whose audience names the place: found there now.
      problems.push(...locateAudienceProblems(found, (file) => sourceByFile.get(file)))
    }
    saveClaimStore(
      store,
      pageResults.flatMap((r) => (r.key ? [r.key] : [])),
    )
  }
  // Every file the site serves from public/, used by content or not: any of them can be opened on its own.
  problems.push(...publicFileProblems(root, CONTENT_DIRS.public))

  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
  pages.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))
  blogs.sort((a, b) => String(b.published).localeCompare(String(a.published)) || Number(b.id) - Number(a.id))
  const files = [
    CONTENT_DIRS.site,
    CONTENT_DIRS.projects,
    ...[...pageFiles, ...blogFiles].map((f) => toPosix(path.relative(root, f))),
  ]
  return { root, problems, site, pages, blogs, projects, files }
}
