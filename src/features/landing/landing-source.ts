import moved from 'site-content:redirects'
import { pageRoutes } from '../../generated/page-routes'
import type { PageData } from '../../core/content'
import type { LandingView } from '../../core/landing-view'
import { createLandingResolver } from '../../core/routes'
import type { LandingMove } from '../../lib/page-loader'
import { landingViewOf } from './landing-view'

// An old address leads where the server's 301 would.
const resolve = createLandingResolver(
  pageRoutes.map((p) => p.route),
  moved.redirects,
)
const byRoute = new Map(pageRoutes.map((p) => [p.route, p]))

/**
 * The landing page at `pathname` from the content itself, for the server render and the dev server:
 * its checked data rendered to a view here, or where its address leads. The browser's production
 * bundle never imports this module: it loads the view the build rendered from the page's data file.
 */
export async function landingAt(pathname: string): Promise<LandingView | LandingMove> {
  const resolution = resolve(pathname)
  if (resolution.kind === 'redirect') return { to: resolution.to }
  const { default: data } = await byRoute.get(resolution.route)!.load()
  return landingViewOf(data as PageData)
}
