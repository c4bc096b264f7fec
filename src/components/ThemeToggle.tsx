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
  return <button type="button" className="icon-button theme-toggle" onClick={toggle} aria-label={label} title={label} />
}
