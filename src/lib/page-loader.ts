import type { PageData, PageRoute } from '../core/content'
import { track, type Tracked } from './tracked'

const loaded = new Map<string, Tracked<PageData>>()

/** The page's data chunk, loaded once; `use()` reads an already-loaded page without suspending. */
export function loadPageData(route: PageRoute): Tracked<PageData> {
  let promise = loaded.get(route.route)
  if (!promise) {
    promise = track(route.load().then((m) => m.default))
    loaded.set(route.route, promise)
  }
  return promise
}
