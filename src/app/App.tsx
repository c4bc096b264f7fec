import { matchPath, Navigate, Route, Routes } from 'react-router-dom'
import { LandingPage, LandingRoute, preloadLanding } from '../features/landing/LandingRoute'
import { lazyComponent } from '../lib/tracked'
import { SiteShell } from './SiteShell'

// Each kind of page is its own chunk: the code of one page never rides along on another.
const HomePage = lazyComponent(
  () => import('../features/home/HomePage').then((m) => m.HomePage),
  'src/features/home/HomePage.tsx',
)
const BlogListPage = lazyComponent(
  () => import('../features/blog/BlogListPage').then((m) => m.BlogListPage),
  'src/features/blog/BlogListPage.tsx',
)
const BlogPostPage = lazyComponent(
  () => import('../features/blog/BlogPostPage').then((m) => m.BlogPostPage),
  'src/features/blog/BlogPostPage.tsx',
)
const ThankYouPage = lazyComponent(
  () => import('../features/pages/ThankYouPage').then((m) => m.ThankYouPage),
  'src/features/pages/ThankYouPage.tsx',
)
const NotFoundPage = lazyComponent(
  () => import('../features/pages/NotFoundPage').then((m) => m.NotFoundPage),
  'src/features/pages/NotFoundPage.tsx',
)

const lazyRoutes = [
  { path: '/', component: HomePage },
  { path: '/blog', component: BlogListPage },
  { path: '/blog/:customUrl', component: BlogPostPage },
  { path: '/thank-you', component: ThankYouPage },
]

/** Source files of the lazy components the route at `pathname` renders, for the prerenderer's preload links. */
export function routeSources(pathname: string): string[] {
  const component = pathname.startsWith('/ai/') ? LandingPage : (lazyRoutes.find((r) => matchPath(r.path, pathname))?.component ?? NotFoundPage)
  return component.source ? [component.source] : []
}

/** Loads what the route at `pathname` renders, so the first render (and hydration) never suspends. */
export function preloadRoute(pathname: string): Promise<unknown> {
  if (pathname.startsWith('/ai/')) return preloadLanding(pathname) ?? Promise.resolve()
  const match = lazyRoutes.find((r) => matchPath(r.path, pathname))
  return (match?.component ?? NotFoundPage).preload()
}

/** Every route of the site. */
export function App() {
  return (
    <SiteShell>
      <Routes>
        {lazyRoutes.map(({ path, component: Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
        <Route path="/ai/:slug" element={<LandingRoute />} />
        <Route path="/ai/*" element={<Navigate to="/" replace />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </SiteShell>
  )
}
