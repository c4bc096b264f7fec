import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react'
import { matchPath, useHref, useLinkClickHandler, useLocation } from 'react-router-dom'

/**
 * The part of react-router the site uses, in one place.
 *
 * react-router's own `<Link>` and `<Routes>` carry its data-router machinery (prefetching, error
 * boundaries, route ranking) into every page, about 6 KB gzip a flat route table never uses. The
 * site links with the library's documented building blocks for custom links (useHref,
 * useLinkClickHandler) and picks its route with matchPath, which keeps the JS every page loads
 * inside the start-up JavaScript budget. Location, history and navigation stay react-router's.
 */
export { BrowserRouter, Navigate, useLocation, useNavigate } from 'react-router-dom'

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean }

/** An in-site link: a real `<a href>` that navigates without a page load on a plain left click. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to)
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target })
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (!event.defaultPrevented) navigate(event)
  }
  return <a {...rest} href={href} target={target} onClick={handleClick} />
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
