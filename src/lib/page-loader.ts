import type { PageData, PageRoute } from '../core/content'
import { loadOnce, type Loaded } from './load-once'

const loaded = new Map<string, Loaded<PageData>>()

/** The page's data chunk, loaded once; reading an already-loaded page never suspends. */
export function pageData(route: PageRoute): Loaded<PageData> {
  let page = loaded.get(route.route)
  if (!page) {
    page = loadOnce(() => route.load().then((m) => m.default))
    loaded.set(route.route, page)
  }
  return page
}
