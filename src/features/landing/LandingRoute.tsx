import { Navigate, useLocation } from '../../lib/router'
import { pageRoutes } from '../../generated/page-routes'
import moved from 'site-content:redirects'
import type { PageRoute } from '../../core/content'
import { createLandingResolver } from '../../core/routes'
import { pageData } from '../../lib/page-loader'
import { LandingPage } from './LandingPage'

// An old address leads where the server's 301 would, in the browser's own moves too.
const resolve = createLandingResolver(
  pageRoutes.map((p) => p.route),
  moved.redirects,
)
const byRoute = new Map(pageRoutes.map((p) => [p.route, p]))

/**
 * The landing page at a path, if there is one: its data file. The layout's first screen is in the
 * site's own chunk (50 of the site's pages are landing pages; the rest of the layout loads as the
 * visitor scrolls), so a landing page starts with one file fewer.
 */
export function preloadLanding(pathname: string): Promise<unknown> | undefined {
  const route = byRoute.get(pathname)
  return route ? pageData(route).preload() : undefined
}

/** /ai/<path>: the page itself, its canonical spelling, or home for an unknown path. */
export function LandingRoute() {
  const { pathname } = useLocation()
  const resolution = resolve(pathname)
  if (resolution.kind === 'redirect') return <Navigate to={resolution.to} replace />
  return <LoadedLanding route={byRoute.get(resolution.route)!} />
}

function LoadedLanding({ route }: { route: PageRoute }) {
  const page = pageData(route).useValue()
  return <LandingPage page={page} route={route.route} />
}
