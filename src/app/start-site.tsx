/** The site in the browser: React on the prerendered HTML. */
import { startTransition, StrictMode } from 'react'
import { BrowserRouter } from '../lib/router'
import { keepLanding } from '../features/landing/LandingRoute'
import { App, preloadRoute } from './App'
import type { ShellHtml } from './SiteShell'
import { initialData } from '../lib/initial-data'
import { keepPrerenderedPage } from './PageBoundary'
import { holdLateParts, releaseLateParts } from '../lib/late'

/** The HTML of a static part of the prerendered page (src/components/StaticHtml.tsx), as it is. */
const staticHtml = (name: string) => document.querySelector(`[data-static="${name}"]`)?.innerHTML ?? ''

/**
 * The shell's static parts. The dev server's page holds no prerendered HTML: they are rendered here,
 * with the server renderer (in a build this compiles away).
 */
const shellHtml = (): ShellHtml | Promise<ShellHtml> =>
  import.meta.env.DEV
    ? Promise.all([import('../components/HeaderLinks'), import('../components/Footer'), import('../lib/static-markup')]).then(
        ([{ HeaderLinks }, { Footer }, { staticMarkup }]) => ({
          header: staticMarkup(<HeaderLinks />),
          footer: staticMarkup(<Footer />),
        }),
      )
    : { header: staticHtml('header'), footer: staticHtml('footer') }

/** Resolves in a new task: the browser may handle a tap or paint before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve))

/** Starts the site. */
export async function startSite() {
  const { landing } = initialData()
  // Starting in steps keeps every task short on a mid-range phone: evaluating react-dom with the
  // site's modules in one go is a single long task (about 120 ms at 4x CPU slowdown). The site's
  // modules come first (this file's chunk), then react-dom, whose module is evaluated when its
  // import resolves, then the hydration, which React slices itself (below).
  const { createRoot, hydrateRoot } = await import('react-dom/client')
  await nextTask()
  // A landing page's static sections are in its HTML, and its islands' data inline: its data file is
  // for the browser's own moves to it.
  if (landing) keepLanding(location.pathname, { ...landing, html: { top: staticHtml('top'), bottom: staticHtml('bottom') } })
  const app = (
    <StrictMode>
      <BrowserRouter onMove={releaseLateParts}>
        <App shellHtml={await shellHtml()} />
      </BrowserRouter>
    </StrictMode>
  )
  // The current page's chunks are already preloaded; waiting for them lets hydration run without suspending.
  await preloadRoute(location.pathname)
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
