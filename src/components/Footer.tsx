import { Link } from '../lib/link'
import type { PageCategory } from '../core/content'
import { ROUTER_PATH } from '../core/routes'
import { pagesIn } from '../lib/page-index'
import footer from 'site-part:footer'
import company from 'site-part:company'
import * as labels from 'site-part:labels'
import { Logo } from './Logo'

const groups: { category: PageCategory; title: string; index: string }[] = [
  { category: 'service', title: labels.footerServices, index: '/#services' },
  { category: 'industry', title: labels.footerIndustries, index: '/#industries' },
  { category: 'location', title: labels.footerLocations, index: '/#locations' },
]

/** A group longer than this shows its first pages and a link to the full index on the home page. */
const FOOTER_LINKS_PER_GROUP = 30

/** The year of the build: server and browser render the same text, so hydration never differs. */
const year = String(__BUILD_YEAR__)

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link to="/" className="site-footer__logo">
            <Logo lazy />
          </Link>
          <p>{company.tagline}</p>
          <h2 className="site-footer__heading">{labels.footerContact}</h2>
          <address className="site-footer__contact">
            <a href={`mailto:${company.email}`}>{company.email}</a>
            {/* Non-breaking spaces and hyphens keep the number on one line. */}
            <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>
              {company.phone.replace(/ /g, '\u00a0').replace(/-/g, '\u2011')}
            </a>
            <span>{company.address}</span>
          </address>
        </div>
        {groups.map((group) => {
          const pages = pagesIn(group.category)
          return (
            <div key={group.category} className={`site-footer__group site-footer__group--${group.category}`}>
              <h2 className="site-footer__heading">{group.title}</h2>
              <ul>
                {pages.slice(0, FOOTER_LINKS_PER_GROUP).map((p) => (
                  <li key={p.route}>
                    <Link to={p.route}>{p.label}</Link>
                  </li>
                ))}
                {pages.length > FOOTER_LINKS_PER_GROUP ? (
                  <li>
                    <Link to={group.index} className="site-footer__all">
                      {labels.footerSeeAll}
                      <span className="visually-hidden"> {group.title}</span>
                    </Link>
                  </li>
                ) : null}
              </ul>
            </div>
          )
        })}
      </div>
      <div className="container site-footer__bottom">
        <p>{footer.copyright.replace('{year}', year).replace('{company}', company.legalName)}</p>
        <ul className="site-footer__links">
          {footer.links?.map((link) => (
            <li key={link.href}>
              {ROUTER_PATH.test(link.href) ? <Link to={link.href}>{link.label}</Link> : <a href={link.href}>{link.label}</a>}
            </li>
          ))}
        </ul>
      </div>
    </footer>
  )
}
