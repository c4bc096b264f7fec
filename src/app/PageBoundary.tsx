import { Component, type ReactNode } from 'react'
import { StaticHtml } from '../components/StaticHtml'

/** The server-rendered page the browser received, kept before hydration replaces it. */
let prerendered: { pathname: string; html: string } | undefined

/** Called once before hydration, with the page's HTML as the server rendered it. */
export function keepPrerenderedPage(pathname: string, html: string) {
  prerendered = { pathname, html }
}

/**
 * If rendering a page throws (bad data that slipped past the checks), the visitor keeps the page the
 * server rendered instead of a white screen; a page reached in the browser is loaded afresh instead.
 * Keyed by the address where it is used: a new address is a new page, with its own chance to render.
 */
export class PageBoundary extends Component<{ pathname: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  // React reports the error itself (console.error, its default for an error a boundary caught).
  componentDidCatch() {
    if (prerendered?.pathname !== this.props.pathname) window.location.assign(this.props.pathname)
  }

  render() {
    if (!this.state.failed) return this.props.children
    if (prerendered?.pathname !== this.props.pathname) return null
    // Our own server-rendered HTML of this very page, taken from the document before hydration.
    return <StaticHtml name="page" html={prerendered.html} />
  }
}
