import '../styles/index.css'
import { startSite } from './start-site'

void startSite()
