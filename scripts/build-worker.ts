import { renderShare } from './prerender.ts'
import { serveRequests } from './worker.ts'

/** A worker thread of a large build: it renders each share of the routes it is sent. */
serveRequests(renderShare)
