import type { SiteDataState } from '../lib/site-data'

/** Id of the JSON script that carries the data a prerendered page was rendered with. */
export const INITIAL_DATA_ID = 'initial-data'

/** Serialises for a <script type="application/json">: '<' is escaped so the text can never close the tag. */
export const serializeInitialData = (data: SiteDataState) => JSON.stringify(data).replace(/</g, '\\u003c')
