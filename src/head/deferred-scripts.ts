/**
 * Hears the static sections' 'Talk to Expert' presses from the first paint on
 * (src/lib/consultation-asks.ts), and starts the page's JavaScript after the first paint: the
 * prerendered page paints from HTML and inline CSS alone, and its images do not compete with
 * script downloads. The template's nodes go into <head> one per task, in the order the build wrote
 * them (the entry script, then the preloads): Chromium spends milliseconds on each modulepreload it
 * is given, and a page's twenty at once are a long task on a phone. The same text on every page,
 * so one CSP hash covers all.
 */
import { listenForConsultationAsks } from '../lib/consultation-asks'
import { DEFERRED_SCRIPTS_ID } from '../lib/theme'

listenForConsultationAsks()

requestAnimationFrame(() =>
  setTimeout(() => {
    const template = document.getElementById(DEFERRED_SCRIPTS_ID) as HTMLTemplateElement | null
    if (!template) return
    const pending = [...template.content.children]
    const next = () => {
      const node = pending.shift()
      if (!node) return
      document.head.append(document.importNode(node, true))
      setTimeout(next)
    }
    next()
  }),
)
