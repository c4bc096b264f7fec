/**
 * Where a landing page is listed beyond its own address: the footer of every page, the home page's
 * index and sitemap.xml. A new, removed or renamed page, or one whose menu label or list changed,
 * changes those lists on every page at once; the preview names that once instead of picturing
 * every page. Where the new build lists a page is read from the built files themselves.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { stripTags } from '../../src/core/blog.ts'

/** A page file's change: its route and its parsed text before and after (undefined when absent). */
export interface PageFileChange {
  route: string
  before: unknown
  after: unknown
}

export interface ListingChange {
  kind: 'added' | 'removed' | 'renamed' | 'relabelled'
  route: string
  /** The label the lists show (after the change; before it, for a removed page). */
  label: string
  /** The address and label before a rename or a new label. */
  was?: { route: string; label: string }
  /** Where the new build lists the page, in words: empty for a removed page. */
  places: string[]
}

interface Listed {
  label?: string
  category?: string
  title1?: string
}

const listed = (doc: unknown): Listed | undefined => (doc && typeof doc === 'object' ? (doc as Listed) : undefined)

/** The text of the first `<h2>` in `html`. */
const headingOf = (html: string) => stripTags(/<h2\b[^>]*>([\s\S]*?)<\/h2>/.exec(html)?.[1] ?? '').trim()

/** Where the built site in `dist` links `route` from every page and lists it, in words. */
function placesOf(dist: string, route: string): string[] {
  const read = (file: string) => (existsSync(path.join(dist, file)) ? readFileSync(path.join(dist, file), 'utf8') : '')
  const home = read('index.html')
  const link = `href="${route}"`
  const places: string[] = []
  const footer = /<footer class="site-footer"[\s\S]*?<\/footer>/.exec(home)?.[0] ?? ''
  const group = footer.split('<div class="site-footer__group').find((part) => part.includes(link))
  if (group) places.push(`the footer of every page, under "${headingOf(group)}"`)
  const section = home.split('<section ').find((part) => part.includes('class="page-index"') && part.includes(link))
  if (section) places.push(`the home page's list "${headingOf(section)}"`)
  if (read('sitemap.xml').includes(`${route}</loc>`)) places.push('sitemap.xml')
  return places
}

/** A removed and an added page are one page renamed when they keep its label or its heading. */
const samePage = (gone: Listed, added: Listed) =>
  (!!gone.label && gone.label === added.label) || (!!gone.title1 && gone.title1 === added.title1)

/**
 * The pages whose listing changed: added, removed, renamed (a removed and an added file of the same
 * page), or relabelled (a new menu label or list), each with where the new build in `dist` lists it.
 */
export function listingChanges(pages: PageFileChange[], dist: string): ListingChange[] {
  const added = pages.filter((p) => !listed(p.before) && listed(p.after))
  const removed = pages.filter((p) => listed(p.before) && !listed(p.after))
  const changes: ListingChange[] = []
  for (const page of added) {
    const after = listed(page.after)!
    const at = removed.findIndex((gone) => samePage(listed(gone.before)!, after))
    const [gone] = at >= 0 ? removed.splice(at, 1) : []
    changes.push({
      kind: gone ? 'renamed' : 'added',
      route: page.route,
      label: after.label ?? '',
      was: gone ? { route: gone.route, label: listed(gone.before)!.label ?? '' } : undefined,
      places: placesOf(dist, page.route),
    })
  }
  for (const gone of removed)
    changes.push({ kind: 'removed', route: gone.route, label: listed(gone.before)!.label ?? '', places: [] })
  for (const page of pages) {
    const before = listed(page.before)
    const after = listed(page.after)
    if (!before || !after || (before.label === after.label && before.category === after.category)) continue
    const was = { route: page.route, label: before.label ?? '' }
    changes.push({ kind: 'relabelled', route: page.route, label: after.label ?? '', was, places: placesOf(dist, page.route) })
  }
  return changes
}
