import { useState } from 'react'
import { Link, useLocation } from '../lib/router'
import { TalkToExpertButton } from './TalkToExpertButton'
import { site } from '../lib/site'
import * as labels from 'site-part:labels'
import { Logo } from './Logo'
import { ThemeToggle } from './ThemeToggle'

export function Header() {
  const { pathname } = useLocation()
  // The menu is open on the page it was opened on: navigating anywhere closes it, with no effect.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const menuOpen = openOn === pathname

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="site-header__logo">
          <Logo />
        </Link>
        <nav aria-label={labels.mainNav} className={`site-nav ${menuOpen ? 'site-nav--open' : ''}`} id="site-nav">
          <ul className="site-nav__list">
            {site.nav.map((item) => (
              <li key={item.href}>
                <Link to={item.href} className="site-nav__link">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <TalkToExpertButton className="site-nav__cta" />
        </nav>
        <div className="site-header__actions">
          <ThemeToggle />
          <button
            type="button"
            className="icon-button site-header__menu"
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            aria-label={menuOpen ? labels.closeMenu : labels.menu}
            onClick={() => setOpenOn(menuOpen ? null : pathname)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              {menuOpen ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
      </div>
    </header>
  )
}
