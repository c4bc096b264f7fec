import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom'
import { createSiteDataStore, SiteDataProvider, type SiteDataState } from '../lib/site-data'
import { pageRoutes } from '../generated/page-routes'
import { site } from '../lib/site'
import { App, preloadRoute, routeSources } from './App'
import { loadLateParts } from '../lib/late'
import { HeadProvider, type HeadCollector, type HeadData } from '../lib/document-head'

export { pageRoutes, routeSources, site }
export { renderHeadTags, type HeadContext } from './head-tags'
export { INITIAL_DATA_ID, serializeInitialData } from './initial-data'
export { recentBlogsData } from '../components/blog/recent-blogs-data'
export type { HeadData, SiteDataState }

/** Renders one route to HTML for the prerenderer, with the head the route declared. */
export async function render(url: string, data: SiteDataState): Promise<{ html: string; head?: HeadData }> {
  await preloadRoute(url)
  await loadLateParts()
  let head: HeadData | undefined
  const collector: HeadCollector = { collect: (declared) => (head = declared) }
  const html = renderToString(
    <StrictMode>
      <HeadProvider collector={collector}>
        <SiteDataProvider store={createSiteDataStore(data)}>
          <StaticRouter location={url}>
            <App />
          </StaticRouter>
        </SiteDataProvider>
      </HeadProvider>
    </StrictMode>,
  )
  return { html, head }
}
