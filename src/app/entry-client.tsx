import '../styles/index.css'
import { listenForConsultationAsks } from '../lib/consultation-asks'
import { startSite } from './start-site'

// Heard before the site starts: a 'Talk to Expert' press in a static section opens the popup once it is there.
startSite(listenForConsultationAsks())
