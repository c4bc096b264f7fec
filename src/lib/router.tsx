import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react'

/**
 * The site's router, whole: the browser's location as state, a navigate that pushes or replaces,
 * links, and a flat route table. Every address the site navigates to is absolute (`/ai/…`,
 * `/thank-you`) and its route patterns are few (`/blog/:customUrl`, `/ai/*`), so it needs no
 * router library: react-router's share of every page's start was 3.2 KB gzip, against a budget
 * whose floor is React itself.
 */

/** Where the page is: the parts of the address the site reads. */
export interface Location {
  pathname: string
  search: string
  hash: string
}

export type NavigateFunction = (to: string, options?: { replace?: boolean }) => void

const LocationContext = createContext<Location>({ pathname: '/', search: '', hash: '' })

/**
 * The router's navigate function, held where links can reach it without following the location: a
 * landing page has about a hundred links, and none renders again on a navigation. Null on the
 * server and outside BrowserRouter: their links are left to the browser.
 */
const Navigation = createContext<{ current: NavigateFunction | null }>({ current: null })

/** The current location. */
export const useLocation = (): Location => use(LocationContext)

/** `/a?b#c` as its parts. */
const parse = (url: string): Location => {
  const [, pathname, search = '', hash = ''] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(url)!
  return { pathname, search, hash }
}

/** The server render's router: the page at `location`, which never moves. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  return <LocationContext value={parse(location)}>{children}</LocationContext>
}

/**
 * The browser's router over its session history. A move renders in a transition: the old page
 * stays until the new one can render, then shows from its top. `onMove` hears each move just
 * before it renders. Pushes and replaces are heard at once, back/forward through popstate; a move
 * to another origin is refused by the browser itself (pushState throws on it).
 */
export function BrowserRouter({ children, onMove }: { children: ReactNode; onMove?: () => void }) {
  const here = () => parse(location.pathname + location.search + location.hash)
  const [current, setCurrent] = useState(here)
  const heard = useRef(onMove)
  useLayoutEffect(() => {
    heard.current = onMove
  })
  const navigation = useRef<NavigateFunction | null>(null)
  useLayoutEffect(() => {
    const moved = () => {
      heard.current?.()
      startTransition(() => setCurrent(here()))
    }
    navigation.current = (to, options) => {
      history[options?.replace ? 'replaceState' : 'pushState'](null, '', to)
      moved()
    }
    // The links of the HTML the build rendered (StaticHtml) navigate as Link's do, through one listener.
    const followStatic = (event: Click & { target: EventTarget | null }) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('[data-static] a[href]') : null
      if (link) follow(event, navigation.current, link.getAttribute('href')!, link.getAttribute('target') ?? undefined)
    }
    addEventListener('popstate', moved)
    document.addEventListener('click', followStatic)
    return () => {
      removeEventListener('popstate', moved)
      document.removeEventListener('click', followStatic)
      navigation.current = null
    }
  }, [])
  // A move starts at the top of the new page (or at its #anchor), as a page load would; the page
  // load itself is left where the browser and the visitor put it: hydration may end after a scroll.
  const { pathname, hash } = current
  const placed = useRef(pathname + hash)
  useLayoutEffect(() => {
    if (placed.current === pathname + hash) return
    placed.current = pathname + hash
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
    if (target) target.scrollIntoView()
    else scrollTo(0, 0)
  }, [pathname, hash])
  return (
    <Navigation value={navigation}>
      <LocationContext value={current}>{children}</LocationContext>
    </Navigation>
  )
}

/** Moves to an absolute site address. Call it from an effect or an event handler, never while rendering. */
export function useNavigate(): NavigateFunction {
  const navigation = use(Navigation)
  return useCallback((to, options) => navigation.current?.(to, options), [navigation])
}

/** Moves to `to` once rendered in the browser; the server renders nothing for it. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate()
  useEffect(() => navigate(to, { replace }), [navigate, to, replace])
  return null
}

/** A click, as React hands it to a handler or the browser to a listener. */
type Click = Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented' | 'preventDefault'>

/** A click the browser would follow in this tab: the main button, no modifier key, no other target. */
const isPlainClick = (event: Click, target?: string) =>
  event.button === 0 && (!target || target === '_self') && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey

/**
 * Follows a plain click on an in-site address without a page load. Site addresses are absolute
 * (`/ai/…`), so the href is the address itself; any other address is left to the browser, as is
 * every link outside BrowserRouter.
 */
function follow(event: Click, navigate: NavigateFunction | null, to: string, target?: string, replace?: boolean) {
  if (event.defaultPrevented || !navigate || !/^\/(?!\/)/.test(to) || !isPlainClick(event, target)) return
  event.preventDefault()
  // A link to the address the visitor is at replaces it in the history instead of adding it again.
  navigate(to, { replace: replace ?? location.pathname + location.search + location.hash === to })
}

/** Follows a plain click on an in-site address as a move of the router: for Link and the build's HTML. */
export function useFollow() {
  const navigation = use(Navigation)
  return (event: Click, to: string, target?: string, replace?: boolean) => follow(event, navigation.current, to, target, replace)
}

type Params = Readonly<Record<string, string | undefined>>

/** One entry of a route table: a path pattern (`/blog/:customUrl`, `/ai/*`) and what it renders. */
export interface RouteEntry {
  path: string
  render: (params: Params) => ReactNode
}

/**
 * The params of `pathname` under `pattern`, or undefined if it does not match. A pattern's segments
 * are words, matched in any letter case, `:name` (one segment) or a last `*` (the rest); a trailing slash of the path is ignored.
 */
function matchPattern(pattern: string, pathname: string): Params | undefined {
  const want = pattern.split('/')
  const have = pathname.replace(/(.)\/+$/, '$1').split('/')
  const params: Record<string, string> = {}
  for (const [i, part] of want.entries()) {
    if (part === '*' && i === want.length - 1) return { ...params, '*': have.slice(i).join('/') }
    const value = have[i]
    if (value === undefined) return undefined
    if (part.startsWith(':') && value) params[part.slice(1)] = value
    else if (part.toLowerCase() !== value.toLowerCase()) return undefined
  }
  return have.length === want.length ? params : undefined
}

/** The first route of `routes` matching `pathname`, with its params, or undefined. */
export function matchRoute<R extends RouteEntry>(routes: readonly R[], pathname: string) {
  for (const route of routes) {
    const params = matchPattern(route.path, pathname)
    if (params) return { route, params }
  }
  return undefined
}

/** Renders the first route matching the current location, or `fallback`. */
export function RouteSwitch({ routes, fallback }: { routes: readonly RouteEntry[]; fallback: ReactNode }) {
  const { pathname } = useLocation()
  const found = matchRoute(routes, pathname)
  return found ? found.route.render(found.params) : fallback
}
