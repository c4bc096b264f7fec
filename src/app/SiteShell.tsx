import { Suspense, useLayoutEffect, useRef, type ReactNode } from 'react'
import { useLocation } from '../lib/router'
import { Footer } from '../components/Footer'
import { Header } from '../components/Header'
import { ConsultationDialog } from '../features/consultation/ConsultationDialog'
import { ConsultationProvider, useConsultation } from '../lib/consultation'
import { ToastHost } from '../features/consultation/toast'
import { useAutoOpen } from '../features/consultation/useAutoOpen'
import { site } from '../lib/site'
import { observeReveals } from './reveal'

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

export function SiteShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return (
    <ConsultationProvider>
      <a className="skip-link" href="#main">
        {site.labels.skipToContent}
      </a>
      <ScrollOnNavigate />
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={null}>{children}</Suspense>
      </main>
      <Footer />
      <Consultation pathname={pathname} />
      <ToastHost />
    </ConsultationProvider>
  )
}
