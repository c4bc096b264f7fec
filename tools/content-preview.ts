/**
 * `npm run content:preview [-- --base <git ref>]`: what an editor's change does to the site. Compares
 * the working tree (uncommitted edits included) with where this branch left the base (origin/main,
 * else main, by default), runs the content check, builds the site as a preview build into dist/ and
 * the base's content beside it, and writes to preview/: report.json, summary.md (a table per changed
 * page with each field's old and new text), full-page screenshots `<route-as-file>-{375,1280}.png`
 * and crops of the changed sections before and after under crops/.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { CONTENT_DIRS, contentKindOf } from '../checker/content-files.ts'
import { loadContent, type ContentSet } from '../codegen/content.ts'
import { errorsAmong } from '../checker/errors.ts'
import { checkVerdict } from './content-check/report.ts'
import { manifestRoutes } from '../codegen/site-manifest.ts'
import { htmlFileFor, isFrameRoute, landingRouteOf } from '../src/core/routes.ts'
import { buildSite } from '../scripts/build.ts'
import { launchChromium, startSite, type RunningSite } from './chromium.ts'
import { fieldChanges, routesOf, type ChangedRoute, type FieldChange } from './content-preview/changes.ts'
import { fieldName } from './content-preview/field-names.ts'
import { changedFiles, PreviewUsageError, resolveBase, textAtBase, type PreviewBase } from './content-preview/git-base.ts'
import { pageFacts } from './content-preview/page-facts.ts'
import { takePictures, type PictureJob } from './content-preview/pictures.ts'
import { listingChanges } from './content-preview/listings.ts'
import { REPORT_FILE, type CheckReport, type PageReport, type PreviewReport } from './content-preview/report.ts'
import { cropTargetOf, pictureTarget, type CropTarget } from './content-preview/sections.ts'
import { fileRows, type FileChange } from './content-preview/rows.ts'
import { renderSummary } from './content-preview/summary.ts'
import { baseTree, removeTree, treeWithBaseFiles } from './content-preview/trees.ts'

/** At most this many pages of their own get pictures; the table lists every changed page. */
const SCREENSHOT_LIMIT = 12
/** A change that reaches every page is pictured on this many: the home page, a landing page, the blog. */
const SITE_WIDE_PICTURES = 3

/** What the summary says of the deploy until `npm run preview:deploy` fills it in. */
const NOT_DEPLOYED = 'this run deploys nothing (on a pull request, npm run preview:deploy does)'

/** The ref after --base; a --base without one is a usage error. */
function baseArgument(args: string[]): string | undefined {
  const at = args.indexOf('--base')
  if (at < 0) return undefined
  const value = args[at + 1]
  if (!value || value.startsWith('-'))
    throw new PreviewUsageError('--base needs a branch, tag or commit, e.g. npm run content:preview -- --base origin/main')
  return value
}

/** A YAML text's value, or undefined when there is no text or it does not parse. */
function readYaml(text: string | undefined): unknown {
  if (text === undefined) return undefined
  try {
    return parse(text)
  } catch {
    return undefined
  }
}

const fileText = (tree: string, file: string) =>
  existsSync(path.join(tree, file)) ? readFileSync(path.join(tree, file), 'utf8') : undefined

/**
 * A new file's fields are each listed on their own, so a new page shows field by field and each
 * section is pictured; otherwise the fields that differ.
 */
function fieldsOf(before: unknown, after: unknown): FieldChange[] {
  if (before !== undefined || after === null || typeof after !== 'object' || Array.isArray(after))
    return fieldChanges(before, after)
  // An empty field (`our_steps: []`) shows nothing, so it is not listed.
  const shown = Object.entries(after).filter(
    ([, value]) => value !== null && value !== '' && !(Array.isArray(value) && value.length === 0),
  )
  return shown.map(([key, value]) => ({ path: [key], kind: 'added', after: value }))
}

function fileChange(root: string, tree: string, commit: string, file: string): FileChange {
  const before = readYaml(textAtBase(root, commit, file))
  const after = readYaml(fileText(tree, file))
  return { file, before, after, fields: file.endsWith('.yaml') ? fieldsOf(before, after) : [] }
}

/** The sections of `route` a file's change shows in, and the changed fields no section shows. */
function targetsOf(route: string, change: FileChange) {
  const targets = new Map<string, CropTarget>()
  const unpictured: string[] = []
  if (change.file.startsWith('public/')) {
    const target = pictureTarget(change.file.slice('public'.length))
    targets.set(target.key, target)
  }
  for (const field of change.fields) {
    const target = cropTargetOf(route, change.file, field.path, change.after ?? change.before)
    if (target) targets.set(target.key, target)
    else unpictured.push(fieldName(field.path, contentKindOf(change.file)))
  }
  return { targets: [...targets.values()], unpictured }
}

/** The routes the build makes from `content`, as visitors open them. */
const routesIn = (content: ContentSet) =>
  manifestRoutes(content)
    .map((r) => r.route)
    .filter((route) => !isFrameRoute(route))

interface Plan {
  pages: PageReport[]
  siteWide?: PreviewReport['siteWide']
  /** The pictures to take, each with the report entry that shows them. */
  jobs: { entry: PageReport; job: PictureJob }[]
}

/** Whether `route` is the page `file` makes (its own page file, or the post's page), not one it shows on. */
const ownRoute = (route: string, file: string, after: unknown) =>
  file === `${CONTENT_DIRS.pages}/${route.slice('/ai/'.length)}.yaml` ||
  (file.startsWith(`${CONTENT_DIRS.blogs}/`) && route === `/blog/${(after as { custom_url?: string } | undefined)?.custom_url}`)

/** The pages to report and picture: each page-specific route, and a site-wide change once. */
function planPreview(root: string, tree: string, base: PreviewBase, changed: ChangedRoute[]): Plan {
  const changes = new Map<string, FileChange>()
  const changeOf = (file: string) => changes.get(file) ?? changes.set(file, fileChange(root, tree, base.commit, file)).get(file)!
  const plan: Plan = { pages: [], jobs: [] }
  const picture = (entry: PageReport, targets: CropTarget[], hasBefore: boolean) =>
    plan.jobs.push({ entry, job: { route: entry.route, targets, hasBefore, crops: [], fullPages: [] } })
  for (const c of changed.filter((r) => !r.siteWide)) {
    const change = changeOf(c.file)
    const own = ownRoute(c.route, c.file, change.after) || c.file.startsWith('public/')
    const status = c.removed ? 'removed' : own && change.before === undefined && c.file.endsWith('.yaml') ? 'new' : 'edited'
    const { targets, unpictured } = targetsOf(c.route, change)
    const html = path.join(root, 'dist', htmlFileFor(c.route))
    const entry: PageReport = {
      route: c.route,
      file: c.file,
      status,
      facts: !c.removed && existsSync(html) ? pageFacts(readFileSync(html, 'utf8')) : undefined,
      changes:
        status === 'removed'
          ? []
          : own
            ? fileRows(change)
            : [{ field: c.file, kind: change.before === undefined ? 'added' : 'edited' }],
      unpictured: status !== 'removed' && own ? unpictured : [],
      crops: [],
      fullPages: [],
    }
    plan.pages.push(entry)
    if (!c.removed && plan.jobs.length < SCREENSHOT_LIMIT) picture(entry, own ? targets : [], status === 'edited')
  }
  const wide = changed.filter((r) => r.siteWide)
  if (wide.length === 0) return plan
  const files = [...new Set(wide.map((r) => r.file))]
  const routes = wide.map((r) => r.route)
  const preferred = ['/', routes.find((r) => r.startsWith('/ai/')), '/blog'].filter((r): r is string => !!r && routes.includes(r))
  const pictured = [...new Set([...preferred, ...routes])].slice(0, SITE_WIDE_PICTURES).map((route) => {
    const targets = new Map<string, CropTarget>()
    for (const file of files) for (const t of targetsOf(route, changeOf(file)).targets) targets.set(t.key, t)
    const entry: PageReport = { route, file: files[0], status: 'edited', changes: [], unpictured: [], crops: [], fullPages: [] }
    picture(entry, [...targets.values()], true)
    return entry
  })
  plan.siteWide = { files, routes, changes: files.flatMap((f) => fileRows(changeOf(f))), pictured }
  return plan
}

/**
 * The check's result, its report listing the `changed` files first, and the working tree, or a
 * copy with the files that have problems as the base has them.
 */
function contentToBuild(root: string, base: PreviewBase, changed: ReadonlySet<string>) {
  const content = loadContent(root)
  const check: CheckReport = {
    ok: checkVerdict(content.problems, changed).ok,
    problems: content.problems,
    changed: [...changed],
    leftOut: [],
  }
  if (check.ok) return { check, tree: root, content }
  check.leftOut = [...new Set(errorsAmong(content.problems).map((p) => p.file))].sort()
  const tree = treeWithBaseFiles(root, base.commit, check.leftOut)
  const fixed = loadContent(tree)
  return { check, tree, content: errorsAmong(fixed.problems).length > 0 ? undefined : fixed }
}

/** Builds a tree's site into `outDir`; false when the build fails (its error printed). */
async function built(tree: string, outDir: string): Promise<boolean> {
  try {
    await buildSite(tree, { outDir, quiet: true })
    return true
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    return false
  }
}

async function makePreview(root: string, base: PreviewBase, out: string): Promise<PreviewReport> {
  const changedSinceBase = changedFiles(root, base.commit)
  const { check, tree, content } = contentToBuild(root, base, new Set(changedSinceBase))
  const report: PreviewReport = {
    base: base.description,
    check,
    build: 'built',
    pages: [],
    otherFiles: [],
    pictureLimit: SCREENSHOT_LIMIT,
  }
  const trees = [tree]
  try {
    if (!content) return { ...report, build: 'nothing-to-build' }
    const files = changedSinceBase.filter((f) => !check.leftOut.includes(f))
    const blogUrlOf = (file: string) => (readYaml(fileText(tree, file)) as { custom_url?: string } | undefined)?.custom_url
    const changed = routesOf(files, tree, routesIn(content), blogUrlOf)
    const reached = new Set(changed.flatMap((c) => [c.file, ...(c.alsoFrom ?? [])]))
    report.otherFiles = files.filter((f) => !reached.has(f))
    if (changed.length === 0) {
      const note = base.isHead
        ? 'The base is your own last commit, so only uncommitted edits count. To preview committed work, compare with the branch it started from: npm run content:preview -- --base origin/main'
        : undefined
      return { ...report, build: 'no-change', note }
    }
    if (!(await built(tree, path.join(root, 'dist')))) return { ...report, build: 'failed' }
    const plan = planPreview(root, tree, base, changed)
    const before = plan.jobs.some(({ job }) => job.hasBefore && job.targets.length > 0) ? baseTree(root, base.commit) : undefined
    if (before) trees.push(before)
    const beforeBuilt = before ? await built(before, path.join(before, 'dist')) : false
    await picture(out, plan, path.join(root, 'dist'), beforeBuilt && before ? path.join(before, 'dist') : undefined)
    const pageFiles = files.filter((f) => f.startsWith(`${CONTENT_DIRS.pages}/`) && f.endsWith('.yaml'))
    const listings = listingChanges(
      pageFiles.map((f) => ({ route: landingRouteOf(f), ...fileChange(root, tree, base.commit, f) })),
      path.join(root, 'dist'),
    )
    return { ...report, pages: plan.pages, siteWide: plan.siteWide, listings }
  } finally {
    for (const t of trees) removeTree(root, t)
  }
}

/** Runs both builds on the real server and takes the plan's pictures. */
async function picture(out: string, plan: Plan, afterDist: string, beforeDist: string | undefined) {
  const started: RunningSite[] = []
  const browser = await launchChromium()
  try {
    const after = await startSite({ DIST_DIR: afterDist })
    started.push(after)
    const before = beforeDist ? await startSite({ DIST_DIR: beforeDist }) : undefined
    if (before) started.push(before)
    const jobs = plan.jobs.map(({ job }) => job)
    await takePictures(browser, out, jobs, { after: after.url, before: before?.url })
    for (const { entry, job } of plan.jobs) Object.assign(entry, { crops: job.crops, fullPages: job.fullPages })
  } finally {
    await browser.close()
    for (const site of started) await site.close()
  }
}

async function main() {
  const root = process.cwd()
  let base: PreviewBase
  try {
    base = resolveBase(root, baseArgument(process.argv.slice(2)))
  } catch (error) {
    if (!(error instanceof PreviewUsageError)) throw error
    console.error(error.message)
    process.exit(2)
  }
  console.log(base.description)
  // A preview build: marked on every page, kept out of search engines, its form sending nothing.
  process.env.VITE_PREVIEW = '1'
  const out = path.join(root, 'preview')
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  const report = await makePreview(root, base, out)
  writeFileSync(path.join(out, REPORT_FILE), JSON.stringify(report, null, 2))
  writeFileSync(path.join(out, 'summary.md'), renderSummary(report, { skipped: NOT_DEPLOYED }))
  const pictured = [...report.pages, ...(report.siteWide?.pictured ?? [])]
  const crops = pictured.flatMap((p) => p.crops.flatMap((c) => c.files)).flatMap((f) => [f.before, f.after])
  const pictures = pictured.reduce((n, p) => n + p.fullPages.length, 0) + crops.filter(Boolean).length
  if (!report.check.ok)
    console.error(`The content check failed:\n${checkVerdict(report.check.problems, new Set(report.check.changed)).text}`)
  if (report.build === 'no-change') console.log(`No changed page.${report.note ? ` ${report.note}` : ''}`)
  else console.log(`preview/summary.md and ${pictures} picture(s) written; the site is in dist/.`)
  process.exit(!report.check.ok || report.build === 'failed' ? 1 : 0)
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
