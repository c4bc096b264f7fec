/**
 * 'Talk to Expert' presses in the build's static HTML (src/components/StaticHtml.tsx): their sections
 * ship no code, so no handler of their own. One listener, in the page's inline loader script
 * (src/head/deferred-scripts.ts), hears them from the first paint on, long before the site's script
 * has arrived; it tells the popup by an event, which the popup takes (cancels) once it is there. A
 * press nobody took is kept as a mark on <html>, and the popup opens for it when it starts.
 */
export const CONSULTATION_ASK_EVENT = 'consultation-ask'
const KEPT = 'consultationAsked'

/** For the loader script: hears the static sections' presses. */
export function listenForConsultationAsks() {
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('[data-static] button[aria-haspopup="dialog"]')) return
    if (document.dispatchEvent(new Event(CONSULTATION_ASK_EVENT, { cancelable: true })))
      document.documentElement.dataset[KEPT] = ''
  })
}

/** For the popup: whether a press came before it was there (and forgets it). */
export function takeKeptAsk(): boolean {
  const kept = KEPT in document.documentElement.dataset
  delete document.documentElement.dataset[KEPT]
  return kept
}
