import nav from 'site-part:nav'
import * as labels from 'site-part:labels'
import { Link } from '../lib/link'
import { Logo } from './Logo'
import { TalkToExpertButton } from './TalkToExpertButton'

/**
 * The link past the header, the header's logo, menu links and 'Talk to Expert' button: only links
 * and a button, so the build renders them once and the browser ships no code for them
 * (src/components/StaticHtml.tsx). The menu shows on a phone when the header around it says so
 * (`site-header--menu-open`).
 */
export function HeaderLinks() {
  return (
    <>
      <a className="skip-link" href="#main">
        {labels.skipToContent}
      </a>
      <Link to="/" className="site-header__logo">
        <Logo />
      </Link>
      <nav aria-label={labels.mainNav} className="site-nav" id="site-nav">
        <ul className="site-nav__list">
          {nav.map((item) => (
            <li key={item.href}>
              <Link to={item.href} className="site-nav__link">
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        <TalkToExpertButton className="site-nav__cta" />
      </nav>
    </>
  )
}
