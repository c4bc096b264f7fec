import siteContent from '../../content/site.yaml'
import type { SiteData } from './content'

/** Site-wide content (company, navigation, interface words), checked at build time. */
export const site = siteContent as SiteData
