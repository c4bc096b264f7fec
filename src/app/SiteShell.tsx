import { Suspense, useLayoutEffect, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { Footer } from '../components/Footer'
import { Header } from '../components/Header'
import { ConsultationDialog } from '../features/consultation/ConsultationDialog'
import { ConsultationProvider } from '../features/consultation/consultation-context'
import { site } from '../lib/site'
import { observeReveals } from './reveal'

/** A new route starts at the top, as a page load would, and its sections reveal on scroll. */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation()
  useLayoutEffect(() => {
    window.scrollTo(0, 0)
    return observeReveals(document)
  }, [pathname])
  return null
}

export function SiteShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  const onLanding = pathname.startsWith('/ai/')
  return (
    <ConsultationProvider>
      <a className="skip-link" href="#main">
        {site.labels.skipToContent}
      </a>
      <ScrollToTopOnNavigate />
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={null}>{children}</Suspense>
      </main>
      <Footer />
      <ConsultationDialog
        heading={onLanding ? site.consultation.heading : `${site.consultation.defaultHeading} ${site.consultation.defaultHeadingAccent}`}
      />
    </ConsultationProvider>
  )
}
