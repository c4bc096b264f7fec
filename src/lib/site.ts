import company from 'site-part:company'
import consultation from 'site-part:consultation'
import links from 'site-part:links'
import nav from 'site-part:nav'

/**
 * Site-wide content every page shows (company, navigation, the popup), checked at build time.
 * Interface words are imported by name from `site-part:labels` where they are shown, so each rides
 * with its code. Copy only one kind of page shows is imported there, from its own
 * `site-part:<key>` module, so it stays out of the JS every page loads; so is copy of a part that
 * loads late (the footer's).
 */
export const site = { company, consultation, links, nav }
