import type { LandingIslands } from '../core/landing-view'
import type { SiteDataState } from './site-data'

/** Id of the JSON script that carries the data a prerendered page was rendered with. */
export const INITIAL_DATA_ID = 'initial-data'

/** What a page's JSON script carries: the site data, and on a landing page what its islands show. */
export type InitialData = SiteDataState & { landing?: LandingIslands }

/** No blogs yet, and they are loading: the data of a page rendered without any (the dev server's). */
export const emptySiteData: SiteDataState = { blogs: [], blogsLoading: true }

let read: InitialData | undefined

/**
 * In the browser: the data the prerendered page was rendered with, read from its JSON script once.
 */
export function initialData(): InitialData {
  if (!read) {
    const script = document.getElementById(INITIAL_DATA_ID)
    read = script?.textContent ? (JSON.parse(script.textContent) as InitialData) : emptySiteData
  }
  return read
}

/** Serialises for a <script type="application/json">: '<' is escaped so the text can never close the tag. */
export const serializeInitialData = (data: InitialData) => JSON.stringify(data).replace(/</g, '\\u003c')
