import { LandingRoute, preloadLanding } from '../features/landing/LandingRoute'
import { matchRoute, Navigate, RouteSwitch, useLocation, type RouteEntry } from '../lib/router'
import { lazyComponent } from '../lib/load-once'
import { PageBoundary } from './PageBoundary'
import { SiteShell, type ShellHtml } from './SiteShell'

// Each kind of page is its own chunk: the code of one page never rides along on another. Its source
// file is for the prerenderer's preload links; the browser's bundle leaves it out.
const HomePage = lazyComponent(
  () => import('../features/home/HomePage').then((m) => m.HomePage),
  import.meta.env.SSR ? 'src/features/home/HomePage.tsx' : undefined,
)
const BlogListPage = lazyComponent(
  () => import('../features/blog/BlogListPage').then((m) => m.BlogListPage),
  import.meta.env.SSR ? 'src/features/blog/BlogListPage.tsx' : undefined,
)
const BlogPostPage = lazyComponent(
  () => import('../features/blog/BlogPostPage').then((m) => m.BlogPostPage),
  import.meta.env.SSR ? 'src/features/blog/BlogPostPage.tsx' : undefined,
)
const ThankYouPage = lazyComponent(
  () => import('../features/pages/ThankYouPage').then((m) => m.ThankYouPage),
  import.meta.env.SSR ? 'src/features/pages/ThankYouPage.tsx' : undefined,
)
const PrivacyPage = lazyComponent(
  () => import('../features/privacy/PrivacyPage').then((m) => m.PrivacyPage),
  import.meta.env.SSR ? 'src/features/privacy/PrivacyPage.tsx' : undefined,
)
const NotFoundPage = lazyComponent(
  () => import('../features/pages/NotFoundPage').then((m) => m.NotFoundPage),
  import.meta.env.SSR ? 'src/features/pages/NotFoundPage.tsx' : undefined,
)

/** Every route of the site, first match wins; anything else is the not-found page. */
const routes: readonly (RouteEntry & { page?: { preload(): Promise<unknown>; source?: string } })[] = [
  { path: '/', page: HomePage, render: () => <HomePage /> },
  { path: '/blog', page: BlogListPage, render: () => <BlogListPage /> },
  { path: '/blog/:customUrl', page: BlogPostPage, render: ({ customUrl }) => <BlogPostPage customUrl={customUrl!} /> },
  { path: '/thank-you', page: ThankYouPage, render: () => <ThankYouPage /> },
  { path: '/privacy', page: PrivacyPage, render: () => <PrivacyPage /> },
  { path: '/ai/:slug', render: () => <LandingRoute /> },
  { path: '/ai/*', render: () => <Navigate to="/" replace /> },
]

const pageAt = (pathname: string) => {
  const found = matchRoute(routes, pathname)
  return found ? found.route.page : NotFoundPage
}

/** Source files of the lazy components the route at `pathname` renders, for the prerenderer's preload links. */
export function routeSources(pathname: string): string[] {
  const source = pageAt(pathname)?.source
  return source ? [source] : []
}

/** Loads what the route at `pathname` renders, so the first render (and hydration) never suspends. */
export function preloadRoute(pathname: string): Promise<unknown> {
  if (/^\/ai\/[^/]+$/.test(pathname)) return preloadLanding(pathname)
  return pageAt(pathname)?.preload() ?? Promise.resolve()
}

/** The site; `shellHtml` as SiteShell takes it. */
export function App({ shellHtml }: { shellHtml: ShellHtml }) {
  const { pathname } = useLocation()
  return (
    <SiteShell html={shellHtml}>
      <PageBoundary key={pathname} pathname={pathname}>
        <RouteSwitch routes={routes} fallback={<NotFoundPage />} />
      </PageBoundary>
    </SiteShell>
  )
}
