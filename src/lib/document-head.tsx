import { createContext, useContext, useEffect, type ReactNode } from 'react'

/** What a route tells the document head. Pages declare it; the prerenderer and the browser apply it. */
export interface HeadData {
  title: string
  description: string
  /** Site-relative canonical path, e.g. /ai/Ai-Development. */
  path: string
  /** Keep the page out of search results (thank-you, not-found). */
  noindex?: boolean
  /** Trail from the home page to this page, for the BreadcrumbList structured data. */
  breadcrumbs?: { name: string; path: string }[]
  /** The service a landing page offers, for the Service structured data. */
  service?: { name: string; description: string; areaServed?: string }
  /** A blog post, for the BlogPosting structured data. */
  article?: { headline: string; datePublished?: string; image?: string; author?: string }
}

/** Where server rendering receives the head the route declared; the last route to render wins. */
export interface HeadCollector {
  collect(head: HeadData): void
}

const HeadCollectorContext = createContext<HeadCollector | null>(null)

/** Server rendering passes a collector; the last route to render its head wins. */
export function HeadProvider({ collector, children }: { collector: HeadCollector; children: ReactNode }) {
  return <HeadCollectorContext value={collector}>{children}</HeadCollectorContext>
}

/** Every prerendered head has the description and robots meta (head-tags.ts): a move rewrites them. */
const setMeta = (name: string, content: string) =>
  document.head.querySelector(`meta[name="${name}"]`)?.setAttribute('content', content)

/** The robots meta of a page: a preview build (VITE_PREVIEW=1) keeps every page out of search results. */
export const robotsContent = (noindex?: boolean) =>
  import.meta.env.VITE_PREVIEW === '1' || noindex ? 'noindex' : 'index, follow'

/** Declares the page's head. Renders nothing; in the browser it updates the head after navigation. */
export function DocumentHead(head: HeadData) {
  const collector = useContext(HeadCollectorContext)
  collector?.collect(head)
  const { title, description, path, noindex } = head
  useEffect(() => {
    document.title = title
    setMeta('description', description)
    setMeta('robots', robotsContent(noindex))
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
    if (canonical) canonical.href = new URL(path, canonical.href).href
  }, [title, description, path, noindex])
  return null
}
