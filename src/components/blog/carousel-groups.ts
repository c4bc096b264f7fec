/** Most blogs the Recent Blogs carousel shows: more slides than this are never swiped through. */
export const MAX_RECENT_BLOGS = 10

/** Cards per slide: 3 from 1024 px, 2 from 768 px, 1 below. */
export function cardsPerSlide(width: number): 1 | 2 | 3 {
  if (width >= 1024) return 3
  if (width >= 768) return 2
  return 1
}

/** The newest blogs without the one being read, at most ten, in slides of `perSlide`. */
export function groupForCarousel<T extends { id: number }>(blogs: readonly T[], perSlide: number, excludeId?: number): T[][] {
  const shown = blogs.filter((b) => b.id !== excludeId).slice(0, MAX_RECENT_BLOGS)
  const groups: T[][] = []
  for (let i = 0; i < shown.length; i += perSlide) groups.push(shown.slice(i, i + perSlide))
  return groups
}
