import { describe, expect, it } from 'vitest'
import { checkBlogs } from './check-blogs'

const good = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  custom_url: `post-${id}`,
  image: `/images/blog-${id}.webp`,
  meta_title: `Post ${id}`,
  meta_desc: `About post ${id}`,
  ...extra,
})

/** Runs the check and returns the ids kept and every warning given. */
function check(value: unknown) {
  const warnings: string[] = []
  const kept = checkBlogs(value, ['https://cdn.example', 'http://127.0.0.1:8080'], (m) => warnings.push(m))
  return { ids: kept.map((b) => b.id), warnings }
}

describe('checkBlogs', () => {
  it('keeps well-formed entries, optional fields included, without a warning', () => {
    const blogs = [
      good(1),
      good(2, { title: 'T', image_width: 800, image_height: 450, description: [[['p', 0, 'x']]], published: '2026-01-01' }),
      good(3, { description: '<p>html</p>', image: 'https://cdn.example/a.webp' }),
      good(4, { image: 'http://127.0.0.1:8080/pictures/a.png' }),
    ]
    expect(check(blogs)).toEqual({ ids: [1, 2, 3, 4], warnings: [] })
  })

  it.each([
    ['meta_desc', good(9, { meta_desc: null })],
    ['meta_desc', good(9, { meta_desc: 42 })],
    ['meta_title', good(9, { meta_title: undefined })],
    ['the entry itself', null],
    ['the entry itself', 7],
    ['the entry itself', [good(9)]],
    ['id', {}],
    ['id', good(9, { id: '9' })],
    ['id', good(9, { id: Number.NaN })],
    ['custom_url', good(9, { custom_url: '../admin' })],
    ['custom_url', good(9, { custom_url: 'a b' })],
    ['custom_url', good(9, { custom_url: 'javascript:alert(1)' })],
    ['custom_url', good(9, { custom_url: '' })],
    ['image', good(9, { image: 'javascript:alert(1)' })],
    ['image', good(9, { image: 'data:image/svg+xml,<svg onload=alert(1)>' })],
    ['image', good(9, { image: '//evil.example/a.png' })],
    ['image', good(9, { image: '/\\evil.example/a.png' })],
    ['image', good(9, { image: undefined })],
    ['image', good(9, { image: 'https://' })],
    ['image', good(9, { image: '/a.png" onerror="alert(1)' })],
    ['image', good(9, { image: { src: '/a.png' } })],
    ['title', good(9, { title: ['x'] })],
    ['image_width', good(9, { image_width: -1 })],
    ['image_height', good(9, { image_height: '450' })],
    ['description', good(9, { description: { __html: '<b>x</b>' } })],
    ['description', good(9, { description: [null] })],
    ['description', good(9, { description: [7] })],
    ['description', good(9, { description: 5 })],
    ['published', good(9, { published: 20260101 })],
    ['author', good(9, { author: { name: 'x' } })],
    ['excerpt', good(9, { excerpt: ['x'] })],
  ])('drops an entry with a bad %s, keeps the others, warns once naming the field', (field, bad) => {
    const { ids, warnings } = check([good(1), bad, good(2)])
    expect(ids).toEqual([1, 2])
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain(field)
  })

  it.each([
    ['https://other.example', 'https://other.example/a.png'],
    ['https://cdn.example.evil.example', 'https://cdn.example.evil.example/a.png'],
    ['http://cdn.example', 'http://cdn.example/a.png'],
    ['http://insecure.example', 'http://insecure.example/a.png'],
  ])('keeps a post whose picture is on %s, without the picture, and warns naming the host', (host, image) => {
    const warnings: string[] = []
    const blog = good(9, { image, image_alt: 'A chart', image_width: 800, image_height: 450, title: 'Kept words' })
    const kept = checkBlogs([good(1), blog], ['https://cdn.example'], (m) => warnings.push(m))
    expect(kept).toEqual([
      good(1),
      { id: 9, custom_url: 'post-9', meta_title: 'Post 9', meta_desc: 'About post 9', title: 'Kept words' },
    ])
    expect(warnings).toEqual([`Blogs from the API: pictures left out, host not in VITE_BLOG_IMAGE_ORIGINS: ${host} (1)`])
  })

  it('names bad fields and foreign picture hosts in its one warning', () => {
    const { ids, warnings } = check([good(1, { image: 'https://other.example/a.png' }), good(2, { meta_desc: 3 }), good(3)])
    expect(ids).toEqual([1, 3])
    expect(warnings).toEqual([
      'Blogs from the API: 1 of 3 entries left out, bad field: meta_desc (1); pictures left out, host not in ' +
        'VITE_BLOG_IMAGE_ORIGINS: https://other.example (1)',
    ])
  })

  it('names every bad field in its one warning, with counts', () => {
    const { ids, warnings } = check([good(1, { meta_desc: null }), good(2, { meta_desc: 3 }), null, good(4)])
    expect(ids).toEqual([4])
    expect(warnings).toEqual(['Blogs from the API: 3 of 4 entries left out, bad field: meta_desc (2), the entry itself (1)'])
  })

  it('keeps at most the 40 asked for', () => {
    const { ids, warnings } = check(Array.from({ length: 100 }, (_, i) => good(i + 1)))
    expect(ids).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
    expect(warnings).toEqual([])
  })

  it('drops a repeated id or address, which would confuse the pages that list posts', () => {
    const { ids, warnings } = check([good(1), good(1, { custom_url: 'other' }), good(2, { custom_url: 'post-1' })])
    expect(ids).toEqual([1])
    expect(warnings).toHaveLength(1)
  })

  it.each([[null], [{}], ['blogs'], [3]])('reads %j in place of the list as no posts, with one warning', (value) => {
    const { ids, warnings } = check(value)
    expect(ids).toEqual([])
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('blogs')
  })
})
