import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from '../lib/router'
import { startSiteDataFetch } from '../features/blog/fetch-site-data'
import { createSiteDataStore, emptySiteData, SiteDataProvider, type SiteDataState } from '../features/blog/site-data'
import { App, preloadRoute } from './App'
import { INITIAL_DATA_ID } from './initial-data'
import '../styles/index.css'

function readInitialData(): SiteDataState {
  const script = document.getElementById(INITIAL_DATA_ID)
  return script?.textContent ? (JSON.parse(script.textContent) as SiteDataState) : emptySiteData
}

const store = createSiteDataStore(readInitialData())
void startSiteDataFetch(store)

// The current page's chunks are already preloaded; waiting for them lets hydration run without suspending.
await preloadRoute(location.pathname)

const app = (
  <StrictMode>
    <SiteDataProvider store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </SiteDataProvider>
  </StrictMode>
)

const container = document.getElementById('root')!
if (container.hasChildNodes()) hydrateRoot(container, app)
else createRoot(container).render(app)
