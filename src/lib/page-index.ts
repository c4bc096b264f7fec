import { pageRoutes } from '../generated/page-routes'
import type { PageCategory, PageRoute } from './content'

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

/** The pages of one category, alphabetical by label, as menus, the footer and the home index list them. */
export function pagesIn(category: PageCategory): PageRoute[] {
  return pageRoutes.filter((p) => p.category === category).sort((a, b) => collator.compare(a.label, b.label))
}
