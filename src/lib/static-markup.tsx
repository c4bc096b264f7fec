import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { ConsultationProvider } from './consultation'

/**
 * The HTML of a part the browser ships no code for (src/components/StaticHtml.tsx), rendered by the
 * build, and by the dev server's browser. Its 'Talk to Expert' buttons render as every other's do;
 * their presses reach the popup through the page loader's one listener (src/lib/consultation-asks.ts).
 */
export const staticMarkup = (node: ReactNode) => renderToStaticMarkup(<ConsultationProvider>{node}</ConsultationProvider>)
