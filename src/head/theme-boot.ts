/**
 * Runs in <head> before the first paint, inlined into every page by the build (and allowed by its
 * CSP hash): marks the page as scripted (html.js) and sets the theme, the visitor's stored choice or
 * else the system's. No imports at run time: the bundler inlines the one constant it needs.
 */
import { THEME_STORAGE_KEY } from '../lib/theme'

const root = document.documentElement
root.classList.add('js')
try {
  const stored = localStorage.getItem(THEME_STORAGE_KEY)
  root.dataset.theme =
    stored === 'light' || stored === 'dark' ? stored : matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
} catch {
  // Storage blocked (private mode, sandboxed frame): the stylesheet's light theme stands.
}
