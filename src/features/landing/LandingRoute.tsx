import { Navigate, useLocation } from '../../lib/router'
import { pageRoutes } from '../../generated/page-routes'
import type { PageRoute } from '../../core/content'
import { createLandingResolver } from '../../core/routes'
import { pageData } from '../../lib/page-loader'
import { lazyComponent } from '../../lib/load-once'

export const LandingPage = lazyComponent(
  () => import('./LandingPage').then((m) => m.LandingPage),
  'src/features/landing/LandingPage.tsx',
)
const resolve = createLandingResolver(pageRoutes.map((p) => p.route))
const byRoute = new Map(pageRoutes.map((p) => [p.route, p]))

/** The landing page at a path, if there is one: its layout chunk and its data chunk, loading in parallel. */
export function preloadLanding(pathname: string): Promise<unknown> | undefined {
  const route = byRoute.get(pathname)
  return route ? Promise.all([LandingPage.preload(), pageData(route).preload()]) : undefined
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
