import { Suspense, useLayoutEffect, useRef, type ReactNode } from 'react'
import { useLocation } from '../lib/router'
import { Header } from '../components/Header'
import { PreviewRibbon } from '../components/PreviewRibbon'
import { ConsultationDialog } from '../features/consultation/ConsultationDialog'
import { ConsultationProvider, useConsultation } from '../lib/consultation'
import { ToastHost } from '../features/consultation/toast'
import { useAutoOpen } from '../features/consultation/useAutoOpen'
import { site } from '../lib/site'
import { observeReveals } from './reveal'
import type { ConsultationAsks } from '../lib/consultation-asks'
import { StaticHtml } from '../components/StaticHtml'

/**
 * A new route starts at the top (or at its #anchor), as a page load would, and its sections reveal
 * on scroll. The page load itself is left where the browser and the visitor put it: hydration may
 * finish after they have scrolled.
 */
function ScrollOnNavigate() {
  const { pathname, hash } = useLocation()
  const placed = useRef(pathname + hash)
  useLayoutEffect(() => {
    if (placed.current !== pathname + hash) {
      placed.current = pathname + hash
      const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
      if (target) target.scrollIntoView()
      else window.scrollTo(0, 0)
    }
    return observeReveals(document)
  }, [pathname, hash])
  return null
}

/** The popup, opened by every 'Talk to Expert' action and once by itself per page view. */
function Consultation({ pathname }: { pathname: string }) {
  const { open } = useConsultation()
  useAutoOpen(open, pathname)
  return <ConsultationDialog variant={pathname.startsWith('/ai/') ? 'landing' : 'default'} />
}

/**
 * What every page has around it. `footerHtml`: the footer, only links and words, as the build rendered
 * it (src/app/entry-server.tsx); the browser ships no code for it. `asks`: see ConsultationProvider.
 */
export function SiteShell({ children, footerHtml, asks }: { children: ReactNode; footerHtml: string; asks?: ConsultationAsks }) {
  const { pathname } = useLocation()
  const shell = (
    <ConsultationProvider asks={asks}>
      <a className="skip-link" href="#main">
        {site.labels.skipToContent}
      </a>
      <ScrollOnNavigate />
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={null}>{children}</Suspense>
      </main>
      <StaticHtml name="footer" html={footerHtml} />
      <Consultation pathname={pathname} />
      <ToastHost />
    </ConsultationProvider>
  )
  // A preview build (VITE_PREVIEW=1) is marked on every page; in the live build this line compiles away.
  return import.meta.env.VITE_PREVIEW === '1' ? (
    <>
      {shell}
      <PreviewRibbon />
    </>
  ) : (
    shell
  )
}
