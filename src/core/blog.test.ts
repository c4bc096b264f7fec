import { describe, expect, it } from 'vitest'
import { blogExcerpt, listEntry, markupText, stripTags, truncate, type ApiBlog } from './blog'

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
  it('reads an excerpt the list sends when the entry has no body; a body wins over it', () => {
    const entry = { id: 1, custom_url: 'x', image: '', meta_title: 't', meta_desc: 'Meta', excerpt: 'From the list' }
    expect(blogExcerpt(entry)).toBe('From the list')
    expect(blogExcerpt({ ...entry, description: '<p>From the body</p>' })).toBe('From the body')
  })
})

describe('listEntry', () => {
  const long = 'Scoping an AI pilot well means choosing one workflow, one metric and one owner before any model is trained. '
  const post: ApiBlog = {
    id: 1,
    custom_url: 'x',
    image: '/images/x.svg',
    meta_title: 't',
    meta_desc: 'Meta',
    title: 'Title',
    description: [[['p', 0, long.repeat(40)]]],
  }

  it('drops the body and carries the excerpt its card shows, so the card reads the same', () => {
    const entry = listEntry(post)
    expect(entry).not.toHaveProperty('description')
    expect(entry).toEqual(
      expect.objectContaining({ id: 1, custom_url: 'x', image: '/images/x.svg', meta_title: 't', meta_desc: 'Meta' }),
    )
    expect(blogExcerpt(entry)).toBe(blogExcerpt(post))
    expect(JSON.stringify(entry).length).toBeLessThan(JSON.stringify(post).length / 10)
  })

  it('makes the excerpt of a post without a body from its meta description', () => {
    expect(listEntry({ ...post, description: undefined }).excerpt).toBe('Meta')
  })
})
