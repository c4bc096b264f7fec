import '../styles/index.css'
import { listenForConsultationAsks } from '../lib/consultation-asks'

// Heard from the start: a 'Talk to Expert' press in a static section opens the popup once it is there.
const asks = listenForConsultationAsks()

// A promise chain, not top-level await: top-level await in any module turns Rolldown's chunk merging off.
void import('./start-site').then((site) => site.startSite(asks))
