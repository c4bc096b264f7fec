import type { LandingIslands } from '../core/landing-view'
import type { SiteDataState } from '../lib/site-data'

/** Id of the JSON script that carries the data a prerendered page was rendered with. */
export const INITIAL_DATA_ID = 'initial-data'

/** What a page's JSON script carries: the site data, and on a landing page what its islands show. */
export type InitialData = SiteDataState & { landing?: LandingIslands }

/** Serialises for a <script type="application/json">: '<' is escaped so the text can never close the tag. */
export const serializeInitialData = (data: InitialData) => JSON.stringify(data).replace(/</g, '\\u003c')
