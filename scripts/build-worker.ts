import { checkerThread, type CheckerRequest } from '../codegen/checker-thread.ts'
import { serveRequests } from '../codegen/worker.ts'
import { renderShare, type RenderRequest } from './prerender.ts'

/**
 * A worker thread of a large build, kept from start to end: it checks content files while the
 * bundles build, then renders its share of the routes. One thread for both phases starts and
 * loads once.
 */
const check = checkerThread()
serveRequests((request: CheckerRequest | { render: RenderRequest }) =>
  'render' in request ? renderShare(request.render) : check(request),
)
