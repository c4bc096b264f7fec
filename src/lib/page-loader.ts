import type { PageRoute } from '../core/content'
import type { LandingView } from '../core/landing-view'
import { loadOnce, type Loaded } from './load-once'

const loaded = new Map<string, Loaded<LandingView>>()

/** The page's view, loaded once and made by `viewOf` from its data file; reading an already-loaded page never suspends. */
export function pageData(route: PageRoute, viewOf: (data: unknown) => LandingView | Promise<LandingView>): Loaded<LandingView> {
  let page = loaded.get(route.route)
  if (!page) {
    page = loadOnce(() => route.load().then((m) => viewOf(m.default)))
    loaded.set(route.route, page)
  }
  return page
}

/** The view of the page the browser opened, from the page itself: it is not downloaded again. */
export function keepPageData(route: PageRoute, view: LandingView) {
  loaded.set(
    route.route,
    loadOnce(() => Promise.resolve(view)),
  )
}
