import '../styles/index.css'
import { listenForConsultationAsks } from '../lib/consultation-asks'

/** Resolves in a new task: the browser may handle a tap or paint before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve))

// Heard from the start: a 'Talk to Expert' press in a static section opens the popup once it is there.
const asks = listenForConsultationAsks()

// Starting in steps keeps every task short on a mid-range phone: evaluating React and the site's
// modules in one go is a single long task (about 120 ms at 4x CPU slowdown). React comes first,
// then the site, whose hydration React slices itself (see start-site.tsx).
// A promise chain, not top-level await: top-level await in any module turns Rolldown's chunk merging off.
void import('react-dom/client')
  .then(nextTask)
  .then(() => import('./start-site'))
  .then((site) => site.startSite(asks))
