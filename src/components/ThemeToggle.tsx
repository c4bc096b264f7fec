import { useSyncExternalStore } from 'react'
import * as labels from 'site-part:labels'
import { THEME_STORAGE_KEY, type Theme } from '../lib/theme'

const shownTheme = (): Theme => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light')
const onThemeChange = (changed: () => void) => {
  const observer = new MutationObserver(changed)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  return () => observer.disconnect()
}

/**
 * Switches between the light and dark theme and remembers the choice. The theme itself is set
 * before first paint by the inline script in index.html; this button reads it from the page once
 * hydrated (the server cannot know it) and follows every change.
 */
export function ThemeToggle() {
  const theme = useSyncExternalStore(onThemeChange, shownTheme, () => null)

  const toggle = () => {
    const next: Theme = (theme ?? document.documentElement.dataset.theme) === 'dark' ? 'light' : 'dark'
    document.documentElement.dataset.theme = next
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next)
    } catch {
      // Private mode or blocked storage: the theme still switches for this page view.
    }
  }

  const label = theme === 'dark' ? labels.themeToLight : labels.themeToDark
  return (
    <button type="button" className="icon-button theme-toggle" onClick={toggle} aria-label={label} title={label}>
      <svg className="theme-toggle__moon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <svg className="theme-toggle__sun" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path
          d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </button>
  )
}
