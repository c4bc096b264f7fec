import { useEffect } from 'react'

/** Share of the page's scrollable height after which the popup opens by itself (10%). */
const AUTO_OPEN_AT = 0.1

const SENT_KEY = 'lead-sent'

/** After a visitor has sent a lead, the popup no longer opens by itself in this browser session. */
export function markLeadSent() {
  try {
    sessionStorage.setItem(SENT_KEY, '1')
  } catch {
    // Storage blocked: the popup may open by itself again, which is harmless.
  }
}

const leadSent = () => {
  try {
    return sessionStorage.getItem(SENT_KEY) === '1'
  } catch {
    return false
  }
}

/** Opens the popup once per page view, the first time the visitor scrolls past 10 % of the page. */
export function useAutoOpen(open: () => void, pageKey: string) {
  useEffect(() => {
    if (leadSent()) return
    let done = false
    const onScroll = () => {
      const scrollable = document.documentElement.scrollHeight - window.innerHeight
      if (done || scrollable <= 0 || window.scrollY / scrollable < AUTO_OPEN_AT) return
      done = true
      window.removeEventListener('scroll', onScroll)
      open()
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [open, pageKey])
}
