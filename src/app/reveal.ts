/**
 * The scroll reveal: sections below the fold fade in once, over 700 ms (styles in base.css).
 * Only JavaScript hides anything, and only what is not yet on screen, so the page is complete
 * without it; under prefers-reduced-motion nothing is hidden at all.
 */
export function observeReveals(root: ParentNode = document): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {}
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return () => {}
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        const el = entry.target as HTMLElement
        el.dataset.reveal = 'shown'
        observer.unobserve(el)
      }
    },
    { rootMargin: '0px 0px -10% 0px' },
  )
  // All positions are read before anything is hidden: reading one after a write would make the
  // browser lay the page out again for every section.
  const viewportBottom = window.innerHeight
  const belowTheFold = [...root.querySelectorAll<HTMLElement>('.reveal:not([data-reveal])')].filter(
    (el) => el.getBoundingClientRect().top >= viewportBottom,
  )
  for (const el of belowTheFold) {
    el.dataset.reveal = 'pending'
    observer.observe(el)
  }
  return () => observer.disconnect()
}
