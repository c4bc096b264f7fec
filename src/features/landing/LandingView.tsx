import { DocumentHead } from '../../lib/document-head'
import { StaticHtml } from '../../components/StaticHtml'
import type { LandingView as View } from '../../core/landing-view'
import * as labels from 'site-part:labels'
import { latePart } from '../../lib/late'

/** Below the first screen at every width: their code loads as the visitor scrolls near them. */
const Islands = latePart('landing-islands', () => import('./LandingIslands').then((m) => m.LandingIslands))

/**
 * Every /ai/ page: its head, its static sections as the build rendered them, and its two islands
 * between them, Recent Blogs and the FAQ, which hydrate as the visitor scrolls near them (the layout is LandingSections of LandingPage.tsx).
 */
export function LandingView({ view, route }: { view: View; route: string }) {
  const { head } = view
  return (
    <div className="landing">
      {/* The structured data is the prerendered head's alone: the browser's bundle leaves it out. */}
      <DocumentHead
        title={head.title}
        description={head.description}
        path={route}
        {...(import.meta.env.SSR && {
          breadcrumbs: [
            { name: labels.home, path: '/' },
            { name: head.label, path: route },
          ],
          service: { name: head.serviceName, description: head.description },
        })}
      />
      <StaticHtml name="top" html={view.html.top} />
      <Islands faq={view.faq} />
      <StaticHtml name="bottom" html={view.html.bottom} />
    </div>
  )
}
