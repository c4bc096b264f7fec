import { describe, expect, it } from 'vitest'
import { cardsPerSlide, groupForCarousel } from './carousel-groups'

const blogs = Array.from({ length: 14 }, (_, i) => ({ id: i + 1 }))
const ids = (groups: { id: number }[][]) => groups.map((g) => g.map((b) => b.id))

describe('Recent Blogs grouping', () => {
  it.each([
    [320, 1],
    [767, 1],
    [768, 2],
    [1023, 2],
    [1024, 3],
    [1920, 3],
  ])('%i px → %i per slide', (width, perSlide) => expect(cardsPerSlide(width)).toBe(perSlide))

  it('shows at most ten blogs, three per slide', () => {
    expect(ids(groupForCarousel(blogs, 3))).toEqual([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]])
  })
  it('regroups for two and one per slide', () => {
    expect(ids(groupForCarousel(blogs, 2))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
      [9, 10],
    ])
    expect(groupForCarousel(blogs, 1)).toHaveLength(10)
  })
  it('leaves out the blog being read and still shows ten', () => {
    expect(ids(groupForCarousel(blogs, 3, 2))).toEqual([[1, 3, 4], [5, 6, 7], [8, 9, 10], [11]])
  })
  it('has no slides without blogs', () => expect(groupForCarousel([], 3)).toEqual([]))
})
