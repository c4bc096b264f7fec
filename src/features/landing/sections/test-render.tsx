import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'

/** A section's server-rendered HTML, inside a router as on the site (the breadcrumb's links need one). */
export const html = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>)

/** One paragraph of markup, as content gives a section. */
export const paragraph = (text: string) => [['p', 0, text]] as never
