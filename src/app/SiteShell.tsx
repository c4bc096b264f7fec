import { Suspense, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { useLocation } from '../lib/router'
import { Header } from '../components/Header'
import { PreviewRibbon } from '../components/PreviewRibbon'
import { ConsultationProvider, useConsultation, useConsultationOpen } from '../lib/consultation'
import { useAutoOpen } from '../features/consultation/useAutoOpen'
import { lazyComponent } from '../lib/load-once'
import * as labels from 'site-part:labels'
import type { ConsultationAsks } from '../lib/consultation-asks'
import { StaticHtml } from '../components/StaticHtml'

/**
 * A new route starts at the top (or at its #anchor), as a page load would. The page load itself is
 * left where the browser and the visitor put it: hydration may finish after they have scrolled.
 */
function ScrollOnNavigate() {
  const { pathname, hash } = useLocation()
  const placed = useRef(pathname + hash)
  useLayoutEffect(() => {
    if (placed.current === pathname + hash) return
    placed.current = pathname + hash
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
    if (target) target.scrollIntoView()
    else window.scrollTo(0, 0)
  }, [pathname, hash])
  return null
}

/** The popup's frame and the toasts its form shows: a chunk loaded the first time the popup opens. */
const ConsultationParts = lazyComponent(() =>
  import('../features/consultation/ConsultationParts').then((m) => m.ConsultationParts),
)

/**
 * The popup, opened by every 'Talk to Expert' action and once by itself per page view. No visitor
 * sees it before asking for it (or scrolling a tenth of the page), so neither the server nor the
 * start renders it: its code loads when it is first opened, and stays mounted after.
 */
function Consultation({ pathname }: { pathname: string }) {
  const { open } = useConsultation()
  useAutoOpen(open, pathname)
  const isOpen = useConsultationOpen()
  const [asked, setAsked] = useState(false)
  if (isOpen && !asked) setAsked(true)
  return asked ? <ConsultationParts variant={pathname.startsWith('/ai/') ? 'landing' : 'default'} /> : null
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
        {labels.skipToContent}
      </a>
      <ScrollOnNavigate />
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={null}>{children}</Suspense>
      </main>
      <StaticHtml name="footer" html={footerHtml} />
      <Suspense fallback={null}>
        <Consultation pathname={pathname} />
      </Suspense>
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
