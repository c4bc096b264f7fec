import { describe, expect, it } from 'vitest'
import { cardsPerSlide, groupForCarousel } from './carousel-groups'
import { truncate, stripTags, markupText, blogExcerpt } from './excerpt'

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

describe('blog excerpt', () => {
  it('keeps text of 140 characters or fewer whole', () => {
    const text = 'a'.repeat(140)
    expect(truncate(text)).toBe(text)
  })
  it('cuts longer text at a word, within 140 characters, with an ellipsis', () => {
    const text =
      'Scoping an AI pilot well means choosing one workflow, one metric and one owner before any model is trained, then agreeing what success looks like in week six.'
    const cut = truncate(text)
    expect([...cut].length).toBeLessThanOrEqual(140)
    expect(cut.endsWith('…')).toBe(true)
    expect(text.startsWith(cut.slice(0, -1))).toBe(true)
    expect(cut).not.toMatch(/\s…$/)
  })
  it('strips markup from API text and from parsed blocks', () => {
    expect(stripTags('<p>Hello <b>bold</b> &amp; more</p>')).toBe('Hello bold & more')
    expect(
      markupText([
        ['p', 0, 'Hello ', ['b', 0, 'bold'], '.'],
        ['ul', 0, ['li', 0, 'One'], ['li', 0, 'Two']],
      ]),
    ).toBe('Hello bold. One Two')
  })
  it('falls back to the meta description', () => {
    expect(blogExcerpt({ id: 1, custom_url: 'x', image: '', meta_title: 't', meta_desc: '<b>Short</b> text' })).toBe('Short text')
  })
})
