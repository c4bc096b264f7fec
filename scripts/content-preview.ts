/**
 * `npm run content:preview -- --base <git ref>`: what an editor's change does to the site. Finds the
 * routes whose content changed since the base, checks the content, builds the site, and writes
 * preview/summary.md (a table per changed page) and full-page screenshots at 375 and 1280 px.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { parse } from 'yaml'
import { CONTENT_DIRS } from '../codegen/content-files.ts'
import { loadContent } from '../codegen/content.ts'
import { landingFileOf, landingRouteOf } from '../src/core/routes.ts'
import { formatProblem } from '../codegen/report.ts'
import { launchChromium, startSite } from './chromium.ts'
import { captureFullPage } from './capture-page.ts'

/** At most this many routes get screenshots; the table lists every changed route. */
export const SCREENSHOT_LIMIT = 12
const META_DESCRIPTION_MAX = 160

const git = (root: string, ...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

/** Files changed on this branch since it left `base` (the merge base), so base's own later commits do not count. */
export function changedFiles(root: string, base: string): string[] {
  return git(root, 'diff', '--name-only', `${base}...HEAD`).split('\n').filter(Boolean)
}

export interface ChangedRoute {
  route: string
  /** The content file whose change reached this route, for the field-by-field comparison. */
  file: string
  removed: boolean
}

/**
 * Which routes a change reaches: a page file its own route; site.yaml or a schema every route; a
 * blog post the blog list, the post and every landing page (their Recent Blogs); an image the pages
 * that show it.
 */
export function routesOf(
  files: string[],
  root: string,
  allRoutes: string[],
  blogUrlOf: (file: string) => string | undefined,
): ChangedRoute[] {
  const found = new Map<string, ChangedRoute>()
  const add = (route: string, file: string, removed = false) => found.has(route) || found.set(route, { route, file, removed })
  const landing = allRoutes.filter((r) => r.startsWith('/ai/'))
  for (const file of files) {
    if (file.startsWith(`${CONTENT_DIRS.pages}/`) && file.endsWith('.yaml')) {
      add(landingRouteOf(file), file, !allRoutes.includes(landingRouteOf(file)))
    } else if (file === CONTENT_DIRS.site || file.startsWith('schema/')) {
      for (const route of allRoutes) add(route, file)
    } else if (file.startsWith(`${CONTENT_DIRS.blogs}/`)) {
      const url = blogUrlOf(file)
      add('/blog', file)
      if (url) add(`/blog/${url}`, file)
      for (const route of landing) add(route, file)
    } else if (file.startsWith('public/')) {
      const publicPath = file.slice('public'.length)
      for (const route of landing) {
        const pageFile = landingFileOf(route)
        if (readFileSync(path.join(root, pageFile), 'utf8').includes(publicPath)) add(route, file)
      }
    }
  }
  return [...found.values()]
}

/** Field paths that differ between two parsed YAML documents: added, removed or edited. */
export function fieldChanges(before: unknown, after: unknown, at = ''): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return []
  const isObject = (v: unknown) => v !== null && typeof v === 'object'
  if (before === undefined) return [`${at} added`]
  if (after === undefined) return [`${at} removed`]
  if (!isObject(before) || !isObject(after) || Array.isArray(before) !== Array.isArray(after)) return [`${at} edited`]
  const keys = Array.isArray(after)
    ? Array.from({ length: Math.max((before as unknown[]).length, (after as unknown[]).length) }, (_, i) => i)
    : [...new Set([...Object.keys(before as object), ...Object.keys(after as object)])]
  return keys.flatMap((key) => {
    const next = typeof key === 'number' ? `${at}[${key}]` : at ? `${at}.${key}` : key
    return fieldChanges((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], next)
  })
}

/** The route's prerendered HTML, in dist/ as the build writes it. */
const htmlFileOf = (route: string) => (route === '/' ? 'index.html' : `${route.slice(1)}.html`)
export const screenshotNameOf = (route: string) => (route === '/' ? 'index' : route.slice(1).replace(/\//g, '-'))

/** What an editor wants to know of a built page. */
export function pageFacts(html: string) {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html
  const text = main
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
  const links = new Set([...main.matchAll(/<a [^>]*href="(\/[^"#]*)"/g)].map((m) => m[1]).filter((href) => href !== '/'))
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
    words: text.split(/\s+/).filter((w) => /\w/.test(w)).length,
    links: links.size,
    images: (main.match(/<img /g) ?? []).length,
    gzipBytes: gzipSync(html).length,
  }
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

async function main() {
  const args = process.argv.slice(2)
  const base = args[args.indexOf('--base') + 1]
  if (!args.includes('--base') || !base) {
    console.error('Usage: npm run content:preview -- --base <git ref, e.g. origin/main>')
    process.exit(2)
  }
  const root = process.cwd()
  const out = path.join(root, 'preview')
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  const write = (lines: string[]) => writeFileSync(path.join(out, 'summary.md'), lines.join('\n') + '\n')
  const heading = '## Content preview'

  const content = loadContent(root)
  if (content.problems.length > 0) {
    write([
      heading,
      '',
      `**The content check failed** with ${content.problems.length} problem(s), so there is no preview yet. Fix these and push again:`,
      '',
      ...content.problems.map(
        (p) =>
          `- \`${p.file}:${p.line}:${p.column}\` ${p.field ? `**${cell(p.field)}** ` : ''}${cell(p.message)}${p.hint ? ` (hint: ${cell(p.hint)})` : ''}`,
      ),
    ])
    console.error(content.problems.map(formatProblem).join('\n'))
    process.exit(1)
  }

  const blogs = content.blogs as { custom_url: string }[]
  const allRoutes = [
    '/',
    '/blog',
    '/thank-you',
    ...content.pages.map((p) => p.route),
    ...blogs.map((b) => `/blog/${b.custom_url}`),
  ]
  const blogUrlOf = (file: string) => {
    try {
      return (parse(readFileSync(path.join(root, file), 'utf8')) as { custom_url?: string }).custom_url
    } catch {
      return undefined
    }
  }
  const changed = routesOf(changedFiles(root, base), root, allRoutes, blogUrlOf)
  if (changed.length === 0) {
    write([heading, '', `No page changed against \`${base}\`: this pull request changes nothing a visitor sees.`])
    console.log('No changed route.')
    return
  }

  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] })
  if (build.status !== 0) {
    write([heading, '', '**The build failed.** Open the run log for the error.'])
    process.exit(1)
  }

  const rows: string[] = []
  const pictured = changed.filter((c) => !c.removed).slice(0, SCREENSHOT_LIMIT)
  for (const c of changed) {
    if (c.removed) {
      rows.push(`| \`${c.route}\` | (page removed) | | | | | | ${cell(c.file)} deleted |`)
      continue
    }
    const facts = pageFacts(readFileSync(path.join(root, 'dist', htmlFileOf(c.route)), 'utf8'))
    const page = content.pages.find((p) => p.route === c.route)
    const description = page ? String((page.data as { metaDescription?: string }).metaDescription ?? '') : ''
    let before: unknown
    try {
      before = parse(git(root, 'show', `${base}:${c.file}`))
    } catch {
      before = undefined
    }
    const after = (() => {
      try {
        return parse(readFileSync(path.join(root, c.file), 'utf8'))
      } catch {
        return undefined
      }
    })()
    const changes = c.file.endsWith('.yaml') ? fieldChanges(before, after) : [`${c.file} changed`]
    const shown = changes.length > 6 ? [...changes.slice(0, 6), `and ${changes.length - 6} more`] : changes
    const descriptionCell = page ? `${description.length}${description.length > META_DESCRIPTION_MAX ? ' ⚠️ too long' : ''}` : '–'
    rows.push(
      `| [\`${c.route}\`](${c.route}) | ${cell(facts.title)} | ${descriptionCell} | ${facts.words} | ${facts.links} | ${facts.images} | ${(facts.gzipBytes / 1024).toFixed(1)} KB | ${cell(c.file === CONTENT_DIRS.site ? 'site.yaml: ' : '')}${cell(shown.join(', '))} |`,
    )
  }

  const site = await startSite()
  const browser = await launchChromium()
  try {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        colorScheme: 'light',
        reducedMotion: 'reduce',
        bypassCSP: true,
      })
      const page = await context.newPage()
      for (const c of pictured)
        await captureFullPage(page, site.url + c.route, path.join(out, `${screenshotNameOf(c.route)}-${width}.png`))
      await context.close()
    }
  } finally {
    await browser.close()
    await site.close()
  }

  write([
    heading,
    '',
    `${changed.length} page(s) changed against \`${base}\`.${changed.length > pictured.length ? ` Screenshots of the first ${pictured.length}.` : ''} Screenshots (375 and 1280 px wide, light theme) are in the **content-preview** artifact of this run.`,
    '',
    '| page | title | meta description (characters, at most 160) | words | links to other pages | images | HTML (gzip) | what changed |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
  ])
  console.log(`preview/summary.md and ${pictured.length * 2} screenshot(s) written.`)
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
