/** 'Talk to Expert' presses in the build's static HTML, heard from the moment the page has script. */
export interface ConsultationAsks {
  /** Calls `open` for a press made before (once) and for every press to come; returns the way to stop. */
  handle(open: () => void): () => void
}

/**
 * The one listener of the 'Talk to Expert' buttons in static sections (src/components/StaticHtml.tsx):
 * their sections ship no code, so no handler of their own. Installed by the entry, before React has
 * loaded: a press before the popup has hydrated is kept, and opens it once it has.
 */
export function listenForConsultationAsks(): ConsultationAsks {
  let kept = false
  let handler: (() => void) | undefined
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('[data-static] button[aria-haspopup="dialog"]')) return
    if (handler) handler()
    else kept = true
  })
  return {
    handle(open) {
      handler = open
      if (kept) {
        kept = false
        open()
      }
      return () => (handler = undefined)
    },
  }
}
