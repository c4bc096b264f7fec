import { Navigate, useLocation } from '../../lib/router'
import type { LandingView as View } from '../../core/landing-view'
import { keepPageData, pageData, type LandingMove } from '../../lib/page-loader'
import { LandingView } from './LandingView'

/**
 * The landing page at `pathname`. In the browser's production bundle it is the page's data file,
 * the view the build rendered (scripts/prerender.ts writes it), found by its name: the bundle holds
 * no list of pages. No data file means no page by that name: the address is loaded from the server,
 * which sends an old spelling to its page (301) and anything else home (302). The server render and
 * the dev server render the page's checked data (landing-source.ts).
 */
const load = (pathname: string): Promise<View | LandingMove> =>
  import.meta.env.SSR || import.meta.env.DEV
    ? import('./landing-source').then((m) => m.landingAt(pathname))
    : import(/* @vite-ignore */ `${__PAGE_DATA_DIR__}/${pathname.slice('/ai/'.length)}.js`).then(
        (m: { default: View }) => m.default,
        () => {
          location.replace(pathname)
          return new Promise<never>(() => {})
        },
      )

/** Loads the landing page at `pathname` (/ai/<name>). */
export const preloadLanding = (pathname: string) => pageData(pathname, () => load(pathname)).preload()

/** The browser's first landing page: its view from its own HTML and inline data, no download. */
export const keepLanding = keepPageData

/** /ai/<name>: the page, or where its address leads. */
export function LandingRoute() {
  const { pathname } = useLocation()
  const view = pageData(pathname, () => load(pathname)).useValue()
  if ('to' in view) return <Navigate to={view.to} replace />
  return <LandingView view={view} route={pathname} />
}
