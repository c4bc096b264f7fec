import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

/** A section's server-rendered HTML; its links need no router (they are plain anchors until a router is there). */
export const html = (node: ReactNode) => renderToStaticMarkup(node)

/** One paragraph of markup, as content gives a section. */
export const paragraph = (text: string) => [['p', 0, text]] as never
