import { Component, type ReactNode } from 'react'

/** The server-rendered page the browser received, kept before hydration replaces it. */
let prerendered: { pathname: string; html: string } | undefined

/** Called once before hydration, with the page's HTML as the server rendered it. */
export function keepPrerenderedPage(pathname: string, html: string) {
  prerendered = { pathname, html }
}

/**
 * If rendering a page throws (bad data that slipped past the checks), the visitor keeps the page the
 * server rendered instead of a white screen; a page reached in the browser is loaded afresh instead.
 */
export class PageBoundary extends Component<{ pathname: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidUpdate(previous: { pathname: string }) {
    // A new address is a new page: it gets its own chance to render.
    if (previous.pathname !== this.props.pathname && this.state.failed) this.setState({ failed: false })
  }

  componentDidCatch(error: unknown) {
    console.error('The page could not be rendered; showing it as the server sent it:', error)
    if (prerendered?.pathname !== this.props.pathname) window.location.assign(this.props.pathname)
  }

  render() {
    if (!this.state.failed) return this.props.children
    if (prerendered?.pathname !== this.props.pathname) return null
    // Our own server-rendered HTML of this very page, taken from the document before hydration.
    return <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: prerendered.html }} />
  }
}
