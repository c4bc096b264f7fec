import { Navigate, useLocation } from '../../lib/router'
import { pageRoutes } from '../../generated/page-routes'
import moved from 'site-content:redirects'
import type { PageData, PageRoute } from '../../core/content'
import type { LandingView as View } from '../../core/landing-view'
import { createLandingResolver } from '../../core/routes'
import { keepPageData, pageData } from '../../lib/page-loader'
import { LandingView } from './LandingView'

// An old address leads where the server's 301 would, in the browser's own moves too.
const resolve = createLandingResolver(
  pageRoutes.map((p) => p.route),
  moved.redirects,
)
const byRoute = new Map(pageRoutes.map((p) => [p.route, p]))

/**
 * A build's data file of a page is the view the build rendered (scripts/prerender.ts writes it); the
 * server render's store and the dev server hand the page's checked data, which is rendered here.
 * In the browser's production bundle this compiles to the data itself, without the renderer.
 */
const viewOf = (data: unknown): View | Promise<View> =>
  import.meta.env.SSR || import.meta.env.DEV
    ? import('./landing-view').then((m) => m.landingViewOf(data as PageData))
    : (data as View)

/** The landing page at a path, if there is one: its view, from its data file. */
export function preloadLanding(pathname: string): Promise<View> | undefined {
  const route = byRoute.get(pathname)
  return route ? pageData(route, viewOf).preload() : undefined
}

/** The browser's first landing page: its view from its own HTML and inline data, no download. */
export function keepLanding(pathname: string, view: View) {
  const route = byRoute.get(pathname)
  if (route) keepPageData(route, view)
}

/** /ai/<path>: the page itself, its canonical spelling, or home for an unknown path. */
export function LandingRoute() {
  const { pathname } = useLocation()
  const resolution = resolve(pathname)
  if (resolution.kind === 'redirect') return <Navigate to={resolution.to} replace />
  return <LoadedLanding route={byRoute.get(resolution.route)!} />
}

function LoadedLanding({ route }: { route: PageRoute }) {
  const view = pageData(route, viewOf).useValue()
  return <LandingView view={view} route={route.route} />
}
