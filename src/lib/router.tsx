import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react'
import {
  matchPath,
  NavigationType,
  Router,
  UNSAFE_NavigationContext as NavigationContext,
  useLocation,
  type Location,
  type Navigator,
} from 'react-router-dom'

/**
 * The part of react-router the site uses, in one place: its `Router` and `useLocation` (and its
 * StaticRouter on the server), and matchPath for a flat route table.
 *
 * react-router's `<Link>`, `<Routes>`, `BrowserRouter`, `useNavigate` and `<Navigate>` carry its
 * data-router machinery (prefetching, error boundaries, relative-path resolution, route ranking)
 * into every page: with the last three its share of the start-up JS was 5.4 KB gzip, without them
 * 3.2 KB. Every address the site navigates to is absolute (`/ai/…`, `/thank-you`), so a history
 * over the browser's own and a navigate that pushes or replaces are all it needs.
 */
export { useLocation }

type Update = { action: NavigationType; location: Location }
type HistoryState = { usr?: unknown; key?: string } | null

/**
 * The browser's session history as react-router's navigator. A move to another origin is refused by
 * the browser itself: pushState throws on it. Listeners hear pushes and replaces at once and
 * back/forward through popstate, as react-router's own browser history does.
 */
function browserHistory() {
  let listener: ((update: Update) => void) | undefined
  let keys = 0
  const location = (): Location => {
    const state = window.history.state as HistoryState
    const { pathname, search, hash } = window.location
    return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' }
  }
  const href = (to: Parameters<Navigator['createHref']>[0]) =>
    typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`
  const move = (action: NavigationType.Push | NavigationType.Replace, to: string, usr: unknown) => {
    const state = { usr: usr ?? null, key: `${Date.now().toString(36)}${++keys}` }
    if (action === NavigationType.Push) window.history.pushState(state, '', to)
    else window.history.replaceState(state, '', to)
    listener?.({ action, location: location() })
  }
  return {
    location,
    listen(next: (update: Update) => void) {
      listener = next
      const onPop = () => listener?.({ action: NavigationType.Pop, location: location() })
      window.addEventListener('popstate', onPop)
      return () => {
        window.removeEventListener('popstate', onPop)
        listener = undefined
      }
    },
    createHref: href,
    go: (delta: number) => window.history.go(delta),
    push: (to: Parameters<Navigator['push']>[0], state?: unknown) => move(NavigationType.Push, href(to), state),
    replace: (to: Parameters<Navigator['replace']>[0], state?: unknown) => move(NavigationType.Replace, href(to), state),
  }
}

/**
 * react-router's Router over the browser's history. A move renders in a transition: the old page
 * stays until the new one can render. `onMove` hears each move just before it renders.
 */
export function BrowserRouter({ children, onMove }: { children: ReactNode; onMove?: () => void }) {
  const [history] = useState(browserHistory)
  const [current, setCurrent] = useState<Update>(() => ({ action: NavigationType.Pop, location: history.location() }))
  const heard = useRef(onMove)
  useLayoutEffect(() => {
    heard.current = onMove
  })
  useLayoutEffect(
    () =>
      history.listen((update) => {
        heard.current?.()
        startTransition(() => setCurrent(update))
      }),
    [history],
  )
  return (
    <Router location={current.location} navigationType={current.action} navigator={history}>
      {children}
    </Router>
  )
}

export type NavigateFunction = (to: string, options?: { replace?: boolean }) => void

/** Moves to an absolute site address. Call it from an effect or an event handler, never while rendering. */
export function useNavigate(): NavigateFunction {
  const { navigator } = useContext(NavigationContext)
  return useCallback((to, options) => void (options?.replace ? navigator.replace(to) : navigator.push(to)), [navigator])
}

/** Moves to `to` once rendered in the browser; the server renders nothing for it. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate()
  useEffect(() => navigate(to, { replace }), [navigate, to, replace])
  return null
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean }

/** The router's navigate function, held where links can reach it without following the location. */
const Navigation = createContext<{ current: NavigateFunction | null }>({ current: null })

/**
 * Hands the links of the page below it the router's navigate function. A landing page has about a
 * hundred links; had each one asked the router itself (useHref, useLinkClickHandler), each would
 * resolve its path on every render and render again on every navigation, a fifth of the time it
 * takes to render a page.
 */
export function LinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  const latest = useRef<NavigateFunction | null>(null)
  useEffect(() => {
    latest.current = navigate
  }, [navigate])
  return <Navigation value={latest}>{children}</Navigation>
}

/** A click the browser would follow in this tab: the main button, no modifier key, no other target. */
const isPlainClick = (event: MouseEvent, target?: string) =>
  event.button === 0 && (!target || target === '_self') && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey

/**
 * Follows a plain click on an in-site address without a page load. Site addresses are absolute
 * (`/ai/…`), so the href is the address itself; any other address is left to the browser, as is
 * every link before the page is interactive or outside LinkNavigation.
 */
function follow(event: MouseEvent, navigate: NavigateFunction | null, to: string, target?: string, replace?: boolean) {
  if (event.defaultPrevented || !navigate || !/^\/(?!\/)/.test(to) || !isPlainClick(event, target)) return
  event.preventDefault()
  // A link to the address the visitor is at replaces it in the history instead of adding it again.
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`
  void navigate(to, { replace: replace ?? here === to })
}

/** An in-site link: a real `<a href>` that navigates without a page load on a plain left click. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const navigation = useContext(Navigation)
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    follow(event, navigation.current, to, target, replace)
  }
  return <a {...rest} href={to} target={target} onClick={handleClick} />
}

/** A click handler for HTML the build rendered (StaticHtml): its in-site links navigate as Link's do. */
export function useFollowLinks() {
  const navigation = useContext(Navigation)
  return (event: MouseEvent<HTMLElement>) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null
    const to = link?.getAttribute('href')
    if (link && to && event.currentTarget.contains(link))
      follow(event, navigation.current, to, link.getAttribute('target') ?? undefined)
  }
}

/** One entry of a route table: a path pattern (`/blog/:customUrl`, `/ai/*`) and what it renders. */
export interface RouteEntry {
  path: string
  render: (params: Readonly<Record<string, string | undefined>>) => ReactNode
}

/** The first route of `routes` matching `pathname`, with its params, or undefined. */
export function matchRoute<R extends RouteEntry>(routes: readonly R[], pathname: string) {
  for (const route of routes) {
    const match = matchPath(route.path, pathname)
    if (match) return { route, params: match.params }
  }
  return undefined
}

/** Renders the first route matching the current location, or `fallback`. */
export function RouteSwitch({ routes, fallback }: { routes: readonly RouteEntry[]; fallback: ReactNode }) {
  const { pathname } = useLocation()
  const found = matchRoute(routes, pathname)
  return found ? found.route.render(found.params) : fallback
}
