/** The site in the browser: the blog list, then React on the prerendered HTML. */
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from '../lib/router'
import { startSiteDataFetch } from '../lib/fetch-site-data'
import { createSiteDataStore, emptySiteData, SiteDataProvider, type SiteDataState } from '../lib/site-data'
import { App, preloadRoute } from './App'
import { INITIAL_DATA_ID } from './initial-data'
import { keepPrerenderedPage } from './PageBoundary'
import { holdLateParts, releaseLateParts } from '../lib/late'

function readInitialData(): SiteDataState {
  const script = document.getElementById(INITIAL_DATA_ID)
  return script?.textContent ? (JSON.parse(script.textContent) as SiteDataState) : emptySiteData
}

const store = createSiteDataStore(readInitialData())
void startSiteDataFetch(store)

const app = (
  <StrictMode>
    <SiteDataProvider store={store}>
      <BrowserRouter onMove={releaseLateParts}>
        <App />
      </BrowserRouter>
    </SiteDataProvider>
  </StrictMode>
)

function start() {
  const container = document.getElementById('root')!
  keepPrerenderedPage(location.pathname, document.getElementById('main')?.innerHTML ?? '')
  // Prerendered pages hydrate; the dev server's page holds only the <!--app--> placeholder and renders.
  // In a transition, hydration yields to the browser every few milliseconds instead of running as one
  // long task; a click or key press on the page meanwhile makes React finish it at once and handle it.
  if (container.firstElementChild) {
    holdLateParts(container)
    startTransition(() => void hydrateRoot(container, app))
  } else createRoot(container).render(app)
}

// The current page's chunks are already preloaded; waiting for them lets hydration run without
// suspending (a promise: top-level await in any module turns Rolldown's chunk merging off).
void preloadRoute(location.pathname).then(start)
