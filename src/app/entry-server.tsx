import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { staticMarkup } from '../lib/static-markup'
import { createSiteDataStore, SiteDataProvider, type SiteDataState } from '../lib/site-data'
import { pageRoutes } from '../generated/page-routes'
import company from 'site-part:company'
import { Footer } from '../components/Footer'
import { HeaderLinks } from '../components/HeaderLinks'
import type { ShellHtml } from './SiteShell'
import { preloadLanding } from '../features/landing/LandingRoute'
import { App, preloadRoute, routeSources } from './App'
import { loadLateParts } from '../lib/late'
import { StaticRouter } from '../lib/router'
import type { LandingView } from '../core/landing-view'
import { HeadProvider, type HeadCollector, type HeadData } from '../lib/document-head'

export { pageRoutes, routeSources }
/** What the head tags of every page tell about the company. */
export const site = { company }
// The build's checked page data reaches the pages' `page-data:` modules through this store's setter.
export { setPageData } from 'site-content:page-data'
export { renderHeadTags, type HeadContext } from './head-tags'
export { INITIAL_DATA_ID, serializeInitialData } from '../lib/initial-data'
export { recentBlogsData } from '../components/blog/recent-blogs-data'
export type { HeadData, SiteDataState }

/** A landing page's view (its static sections' HTML and its islands' data), as the page renders it. */
export async function landingView(route: string): Promise<LandingView> {
  const view = await preloadLanding(route)
  if ('to' in view) throw new Error(`${route} is not a landing page: it leads to ${view.to}`)
  return view
}

/** The shell's links and words: rendered once, the same on every page. */
let shellHtml: ShellHtml | undefined

/** Renders one route to HTML for the prerenderer, with the head the route declared. */
export async function render(url: string, data: SiteDataState): Promise<{ html: string; head?: HeadData }> {
  await preloadRoute(url)
  await loadLateParts()
  shellHtml ??= { header: staticMarkup(<HeaderLinks />), footer: staticMarkup(<Footer />) }
  let head: HeadData | undefined
  const collector: HeadCollector = { collect: (declared) => (head = declared) }
  const html = renderToString(
    <StrictMode>
      <HeadProvider collector={collector}>
        <SiteDataProvider store={createSiteDataStore(data)}>
          <StaticRouter location={url}>
            <App shellHtml={shellHtml} />
          </StaticRouter>
        </SiteDataProvider>
      </HeadProvider>
    </StrictMode>,
  )
  return { html, head }
}
