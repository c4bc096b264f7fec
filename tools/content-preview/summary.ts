/**
 * The preview's Markdown: preview/summary.md for the run's job summary, and the pull-request comment.
 * Links and pictures are absolute addresses on the deployed preview; without a deploy the summary
 * says so and points at the run's artifact, never at a relative link GitHub would resolve to itself.
 * Every string from git or content (file names, routes, titles, field names, words, the check's
 * problems) goes through markdownText, so none can add a link, a picture or a mention to the comment.
 */
import { markdownSummary, markdownText } from '../content-check/report.ts'
import type { EditSide } from './changes.ts'
import type { ListingChange } from './listings.ts'
import type { ChangeRow, CropPictures, DeployResult, PageReport, PreviewReport } from './report.ts'

/** Marks the one comment each run updates. */
export const COMMENT_MARKER = '<!-- content-preview -->'
/** GitHub refuses a comment over 65,536 characters; this leaves room for the closing lines. */
export const COMMENT_MAX = 60_000
/** The deploy holds the cropped pictures under this folder. */
export const PICTURES_PATH = '_preview'
const META_DESCRIPTION_MAX = 160
/** Changes listed in a page's row before "and N more". */
const ROW_CHANGES = 6

/** A file name or route in monospace: markdownText inside <code>, where no backtick can end it early. */
const code = (name: string) => `<code>${markdownText(name)}</code>`

const sideText = (side: EditSide | undefined) =>
  side ? `${markdownText(side.lead)}${side.changed ? `**${markdownText(side.changed)}**` : ''}${markdownText(side.trail)}` : '–'

/** A site address on the deploy (a route that would leave it is not linked), or the route as code when nothing is deployed. */
function pageLink(route: string, deploy: DeployResult): string {
  if (!('url' in deploy)) return code(route)
  const address = new URL(route, deploy.url)
  return address.origin === new URL(deploy.url).origin ? `[${code(route)}](${address.href})` : code(route)
}

function factsRow(page: PageReport, deploy: DeployResult): string {
  const names = page.changes.map((c) => `${markdownText(c.field)}${c.kind === 'edited' ? '' : ` ${c.kind}`}`)
  const changed =
    page.status === 'new'
      ? 'new page'
      : page.status === 'removed'
        ? 'page removed'
        : names.length > ROW_CHANGES
          ? `${names.slice(0, ROW_CHANGES).join('; ')}; and ${names.length - ROW_CHANGES} more`
          : names.join('; ') || `${code(page.file)} changed`
  const f = page.facts
  if (!f) return `| ${pageLink(page.route, deploy)} | | | | | | | ${changed} |`
  const description =
    f.descriptionLength === undefined
      ? '–'
      : `${f.descriptionLength}${f.descriptionLength > META_DESCRIPTION_MAX ? ' ⚠️ too long' : ''}`
  return `| ${pageLink(page.route, deploy)} | ${markdownText(f.title)} | ${description} | ${f.words} | ${f.links} | ${f.images} | ${(f.gzipBytes / 1024).toFixed(1)} KB | ${changed} |`
}

function changeTable(changes: ChangeRow[]): string[] {
  if (changes.length === 0) return []
  return [
    '| field | before | after |',
    '| --- | --- | --- |',
    ...changes.map((c) => `| ${markdownText(c.field)} | ${sideText(c.before)} | ${sideText(c.after)} |`),
    '',
  ]
}

/** Crops of one page, under the route they were taken on. */
type PagePictures = Pick<PageReport, 'route' | 'crops'>

/** Crops embedded from the deploy, or named in the artifact: one line or one folded table for all. */
function pictures(pages: PagePictures[], deploy: DeployResult): string[] {
  const shown = pages.filter((p) => p.crops.length > 0)
  if (shown.length === 0) return []
  const several = shown.length > 1
  const label = (page: PagePictures, crop: CropPictures) => `${several ? `${code(page.route)} ` : ''}${markdownText(crop.label)}`
  if (!('url' in deploy)) {
    const names = shown.flatMap((p) => p.crops.map((c) => label(p, c))).join(', ')
    const sides = shown.some((p) => p.crops.some((c) => c.files.some((f) => f.before))) ? ', before and after' : ''
    return [`Pictures of ${names} (375 and 1280 px${sides}): folder \`crops/\` of the **content-preview** artifact.`, '']
  }
  const image = (file: string | undefined, width: number) => {
    if (!file) return '(none)'
    const src = new URL(`${PICTURES_PATH}/${file.replace(/^crops\//, '')}`, deploy.url).href
    return `<a href="${src}"><img src="${src}" width="${width === 375 ? 188 : 400}" alt=""></a>`
  }
  const rows = shown.flatMap((p) =>
    p.crops.flatMap((c) =>
      c.files.map((f) => `| ${label(p, c)}, ${f.width} px | ${image(f.before, f.width)} | ${image(f.after, f.width)} |`),
    ),
  )
  return [
    '<details><summary>Pictures: before and after</summary>',
    '',
    '| | before | after |',
    '| --- | --- | --- |',
    ...rows,
    '',
    '</details>',
    '',
  ]
}

function pageSection(page: PageReport, deploy: DeployResult): string[] {
  const status = page.status === 'new' ? ' (new page)' : page.status === 'removed' ? ' (page removed)' : ''
  return [
    `#### ${pageLink(page.route, deploy)}${status}`,
    '',
    ...changeTable(page.changes),
    ...(page.unpictured.length ? [`Not on the page itself: ${page.unpictured.map(markdownText).join('; ')}.`, ''] : []),
    ...pictures([page], deploy),
  ]
}

const FACTS_HEAD = [
  '| page | title | meta description (characters, at most 160) | words | links to other pages | images | HTML (gzip) | what changed |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
]

function deployLines(deploy: DeployResult): string[] {
  return 'url' in deploy
    ? [
        `**Preview:** ${deploy.url} (built from this pull request; marked "Preview", hidden from search engines, its form sends nothing).`,
      ]
    : [
        `**No preview deployed:** ${markdownText(deploy.skipped)}. Page addresses below are not links; the pictures are in the **content-preview** artifact.`,
      ]
}

function checkLines(report: PreviewReport): string[] {
  const { check } = report
  if (check.ok) return []
  const body = markdownSummary(check.problems, new Set(check.changed)).trim()
  const leftOut = check.leftOut.length
    ? [`Below, ${check.leftOut.map(code).join(', ')} stays as on the base branch, so the rest can be previewed.`, '']
    : []
  return ['### ❌ The content check failed', '', 'Fix these and push again:', '', body, '', ...leftOut]
}

/** One page's change to the lists of pages, in a sentence: what happened and where it shows. */
function listingLine(change: ListingChange): string {
  const page = `${code(change.route)} "${markdownText(change.label)}"`
  const places = change.places.map(markdownText).join('; ')
  const was = change.was ?? { route: change.route, label: change.label }
  switch (change.kind) {
    case 'added':
      return `- ${page}, a new page, is now listed in: ${places || 'no list'}.`
    case 'renamed':
      return `- ${page} replaces ${code(was.route)} "${markdownText(was.label)}" in: ${places || 'no list'}; the old address is gone.`
    case 'removed':
      return `- ${page} is removed from the footer of every page, the home page's list and sitemap.xml.`
    case 'relabelled':
      return `- ${code(change.route)} is listed as "${markdownText(change.label)}" (was "${markdownText(was.label)}") in: ${places || 'no list'}.`
  }
}

/** The pages added, removed, renamed or relabelled, named once for the lists every page shows. */
function listingLines(report: PreviewReport): string[] {
  if (!report.listings?.length) return []
  return ['### Every page: the lists of pages', '', ...report.listings.map(listingLine), '']
}

/** The summary of a preview, with the deploy's address (or why there is none) filled in. */
export function renderSummary(report: PreviewReport, deploy: DeployResult): string {
  const lines = ['## Content preview', '', markdownText(report.base), '', ...deployLines(deploy), '', ...checkLines(report)]
  if (report.build === 'failed')
    lines.push('**The build failed**, so there are no pages to show. Open the run log for the error.', '')
  if (report.build === 'nothing-to-build')
    lines.push('Nothing could be built: even with those files as on the base branch, the content has problems.', '')
  if (report.build === 'no-change') {
    lines.push('No page changed: this change alters nothing a visitor sees.', '')
    if (report.note) lines.push(markdownText(report.note), '')
  }
  if (report.pages.length > 0) {
    lines.push(`${report.pages.length} page(s) changed.`, '', ...FACTS_HEAD, ...report.pages.map((p) => factsRow(p, deploy)), '')
    const pictured = report.pages.filter((p) => p.fullPages.length > 0).length
    if (pictured < report.pages.filter((p) => p.status !== 'removed').length)
      lines.push(`Screenshots of the first ${report.pictureLimit} pages only.`, '')
  }
  if (report.siteWide) {
    const { files, routes, changes, pictured } = report.siteWide
    const shown = routes.slice(0, 8).map(code)
    lines.push(
      `### Every page: ${files.map(code).join(', ')}`,
      '',
      `This changes ${routes.length} pages: ${shown.join(', ')}${routes.length > shown.length ? `, and ${routes.length - shown.length} more` : ''}. Pictured: ${pictured.map((p) => pageLink(p.route, deploy)).join(', ')}.`,
      '',
      ...changeTable(changes),
      ...pictures(pictured, deploy),
    )
  }
  lines.push(...listingLines(report))
  for (const page of report.pages) lines.push(...pageSection(page, deploy))
  if (report.otherFiles.length) lines.push(`Changed files that no page shows: ${report.otherFiles.map(code).join(', ')}.`, '')
  return lines.join('\n').replace(/\n{3,}/g, '\n\n')
}

/** The pull-request comment: the summary, cut to GitHub's limit, with the run's artifact named. */
export function renderComment(summary: string, runUrl?: string): string {
  const artifact = runUrl
    ? `Full-page screenshots: the **content-preview** artifact of [this run](${runUrl}).`
    : 'Full-page screenshots: the **content-preview** artifact of this run.'
  let body = summary
  if (body.length > COMMENT_MAX) {
    const cut = body.lastIndexOf('\n#### ', COMMENT_MAX)
    body = `${body.slice(0, cut > 0 ? cut : COMMENT_MAX)}\n\n… more pages in the run's job summary.\n`
  }
  return `${COMMENT_MARKER}\n${body.trimEnd()}\n\n${artifact}\n`
}
