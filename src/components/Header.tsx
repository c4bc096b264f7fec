import { useState } from 'react'
import * as labels from 'site-part:labels'
import { useLocation } from '../lib/router'
import { StaticHtml } from './StaticHtml'
import { ThemeToggle } from './ThemeToggle'

/**
 * The site's header: its links as the build rendered them (`linksHtml`, src/components/HeaderLinks.tsx)
 * and the two controls a visitor can use, the theme switch and, on a phone, the menu button.
 */
export function Header({ linksHtml }: { linksHtml: string }) {
  const { pathname } = useLocation()
  // The menu is open on the page it was opened on: navigating anywhere closes it, with no effect.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const menuOpen = openOn === pathname

  return (
    <header className={menuOpen ? 'site-header site-header--menu-open' : 'site-header'}>
      <div className="container site-header__bar">
        <StaticHtml name="header" html={linksHtml} />
        <div className="site-header__actions">
          <ThemeToggle />
          <button
            type="button"
            className="icon-button site-header__menu"
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            aria-label={menuOpen ? labels.closeMenu : labels.menu}
            onClick={() => setOpenOn(menuOpen ? null : pathname)}
          />
        </div>
      </div>
    </header>
  )
}
