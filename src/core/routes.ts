/**
 * The site's addresses, known in one place: a landing page's route, its content file and its HTML
 * file; which paths the in-app router serves; where a requested /ai/ path leads.
 */

/** Every landing page lives under this prefix; the rest of its address is its file name. */
const LANDING_PREFIX = '/ai/'
export const PAGES_DIR = 'content/pages'
export const BLOGS_DIR = 'content/blogs'

/**
 * The page served for a post the build does not know but the company's API does (published after
 * the build): the post page in its loading state, which renders the post once the API answers.
 */
export const POST_SHELL_ROUTE = '/blog/_post'

/**
 * The routes that exist whatever the content (home, blog index, thank-you, privacy, the not-found
 * page and the post shell), and
 * whether search engines should list them; every landing page and blog post adds its own.
 */
export const FIXED_ROUTES = [
  { route: '/', indexable: true },
  { route: '/thank-you', indexable: false },
  { route: '/404', indexable: false },
  { route: '/blog', indexable: true },
  { route: POST_SHELL_ROUTE, indexable: false },
  { route: '/privacy', indexable: true },
] as const

/** Routes that are a page's frame, not a page of their own: never linked, listed or visited. */
export const isFrameRoute = (route: string) => route === '/404' || route === POST_SHELL_ROUTE

/** /ai/Ai-Development ← content/pages/Ai-Development.yaml (any directory, any separator). */
export const landingRouteOf = (file: string) =>
  LANDING_PREFIX +
  file
    .split(/[\\/]/)
    .pop()!
    .replace(/\.yaml$/, '')
/** content/pages/Ai-Development.yaml ← /ai/Ai-Development */
export const landingFileOf = (route: string) => `${PAGES_DIR}/${route.slice(LANDING_PREFIX.length)}.yaml`
export const isLandingRoute = (route: string) => route.startsWith(LANDING_PREFIX)

/** How code imports a landing page's data: `page-data:Ai-Development` for /ai/Ai-Development. */
export const PAGE_DATA_SPECIFIER = 'page-data:'
export const pageDataSpecifier = (route: string) => PAGE_DATA_SPECIFIER + route.slice(LANDING_PREFIX.length)
/**
 * Where a built site serves a landing page's data module. It sits outside the hashed bundle at an
 * address that stays when the page's copy changes, so an edit rewrites that file and that page's
 * HTML, never the code every page shares. `version` changes with the code that reads the data.
 */
export const pageDataFile = (route: string, version: string) => `${pageDataDir(version)}/${route.slice(LANDING_PREFIX.length)}.js`
export const pageDataDir = (version: string) => `page-data/${version}`

/** The dist/ file that serves a route: / → index.html, /ai/X → ai/X.html, /404 → 404.html. */
export function htmlFileFor(route: string): string {
  return route === '/' ? 'index.html' : `${route.replace(/^\//, '')}.html`
}

/** Site-relative links the in-app router serves; they navigate without a page load. */
export const ROUTER_PATH = /^\/(?:$|ai\/|blog(?:[/?#]|$)|(?:thank-you|privacy)(?:[?#]|$))/

/** Where a requested /ai/ path leads: its page, its canonical spelling (301) or the home page (302). */
export type LandingResolution = { kind: 'page'; route: string } | { kind: 'redirect'; to: string; status: 301 | 302 }

/**
 * Case-insensitive lookup of the canonical routes, built once per route list, then of the old
 * addresses of content/redirects.yaml (`moved`, in any letter case); anything else goes home.
 * The server and the browser resolve with it alike.
 */
export function createLandingResolver(routes: Iterable<string>, moved: readonly { from: string; to: string }[] = []) {
  const exact = new Set(routes)
  const byLowerCase = new Map([...exact].map((r) => [r.toLowerCase(), r]))
  const movedTo = new Map(moved.map((r) => [r.from.toLowerCase(), r.to]))
  return (pathname: string): LandingResolution => {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
    if (exact.has(trimmed)) return { kind: 'page', route: trimmed }
    const canonical = byLowerCase.get(trimmed.toLowerCase()) ?? movedTo.get(trimmed.toLowerCase())
    if (canonical) return { kind: 'redirect', to: canonical, status: 301 }
    return { kind: 'redirect', to: '/', status: 302 }
  }
}
