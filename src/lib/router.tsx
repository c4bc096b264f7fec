import { createContext, useContext, useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react'
import { matchPath, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom'

/**
 * The part of react-router the site uses, in one place.
 *
 * react-router's own `<Link>` and `<Routes>` carry its data-router machinery (prefetching, error
 * boundaries, route ranking) into every page, about 6 KB gzip a flat route table never uses. The
 * site links with its own `Link` and picks its route with matchPath, which keeps the JS every page
 * loads inside the start-up JavaScript budget. Location, history and navigation stay react-router's.
 */
export { BrowserRouter, Navigate, useLocation, useNavigate } from 'react-router-dom'

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
 * An in-site link: a real `<a href>` that navigates without a page load on a plain left click.
 * Site addresses are absolute (`/ai/…`), so the href is the address itself; any other address is
 * left to the browser, as is every link before the page is interactive or outside LinkNavigation.
 */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const navigation = useContext(Navigation)
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    const navigate = navigation.current
    if (event.defaultPrevented || !navigate || !to.startsWith('/') || !isPlainClick(event, target)) return
    event.preventDefault()
    // A link to the address the visitor is at replaces it in the history instead of adding it again.
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`
    void navigate(to, { replace: replace ?? here === to })
  }
  return <a {...rest} href={to} target={target} onClick={handleClick} />
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
