import { Suspense, useState, type ReactNode } from 'react'
import { useLocation } from '../lib/router'
import { Header } from '../components/Header'
import { PreviewRibbon } from '../components/PreviewRibbon'
import { ConsultationProvider, useConsultation, useConsultationOpen } from '../lib/consultation'
import { useAutoOpen } from '../features/consultation/useAutoOpen'
import { lazyComponent } from '../lib/load-once'
import { StaticHtml } from '../components/StaticHtml'

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
  return asked ? <ConsultationParts /> : null
}

/**
 * The parts of the shell that are only links and words, as the build rendered them
 * (src/app/entry-server.tsx): the header's links and the footer. The browser ships no code for them.
 */
export interface ShellHtml {
  header: string
  footer: string
}

/** What every page has around it: `html` as ShellHtml says. */
export function SiteShell({ children, html }: { children: ReactNode; html: ShellHtml }) {
  const { pathname } = useLocation()
  const shell = (
    <ConsultationProvider>
      <Header linksHtml={html.header} />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={null}>{children}</Suspense>
      </main>
      <StaticHtml name="footer" html={html.footer} />
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
