import { pageRoutes } from '../generated/page-routes'
import type { PageCategory, PageRoute } from '../core/content'

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })
const byCategory = new Map<PageCategory, PageRoute[]>()

/**
 * The pages of one category, alphabetical by label, as menus, the footer and the home index list
 * them. Sorted once: every page's footer asks, and a site may have thousands of pages.
 */
export function pagesIn(category: PageCategory): PageRoute[] {
  let pages = byCategory.get(category)
  if (!pages) {
    pages = pageRoutes.filter((p) => p.category === category).sort((a, b) => collator.compare(a.label, b.label))
    byCategory.set(category, pages)
  }
  return pages
}
