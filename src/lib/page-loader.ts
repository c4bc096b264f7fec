import type { LandingView } from '../core/landing-view'
import { loadOnce, type Loaded } from './load-once'

const loaded = new Map<string, Loaded<LandingView | LandingMove>>()

/** Where a landing address leads instead of a page of its own (an old spelling, or no such page). */
export interface LandingMove {
  to: string
}

/** The view of the page at `pathname`, loaded once by `load`; reading an already-loaded page never suspends. */
export function pageData(pathname: string, load: () => Promise<LandingView | LandingMove>): Loaded<LandingView | LandingMove> {
  let page = loaded.get(pathname)
  if (!page) {
    page = loadOnce(load)
    loaded.set(pathname, page)
  }
  return page
}

/** The view of the page the browser opened, from the page itself: it is not downloaded again. */
export function keepPageData(pathname: string, view: LandingView) {
  loaded.set(
    pathname,
    loadOnce(() => Promise.resolve(view)),
  )
}
