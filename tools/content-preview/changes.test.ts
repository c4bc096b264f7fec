import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fieldChanges, plainText, routesOf, shortenEdit } from './changes.ts'

describe('fieldChanges', () => {
  it('gives each changed field its path and its values before and after', () => {
    const before = { title1: 'Old', faqs: [{ question: 'Q1', answer: 'A1' }], gone: 1 }
    const after = {
      title1: 'New',
      faqs: [
        { question: 'Q1', answer: 'A1 changed' },
        { question: 'Q2', answer: 'A2' },
      ],
    }
    expect(fieldChanges(before, after)).toEqual([
      { path: ['title1'], kind: 'edited', before: 'Old', after: 'New' },
      { path: ['faqs', 0, 'answer'], kind: 'edited', before: 'A1', after: 'A1 changed' },
      { path: ['faqs', 1], kind: 'added', after: { question: 'Q2', answer: 'A2' } },
      { path: ['gone'], kind: 'removed', before: 1 },
    ])
  })

  it('finds nothing in equal documents', () => {
    expect(fieldChanges({ a: [1, { b: 'c' }] }, { a: [1, { b: 'c' }] })).toEqual([])
  })
})

describe('shortenEdit', () => {
  const long =
    'Every project starts with a measurable target, such as hours saved per week, forecast error or tickets resolved without escalation, and we build against that number. A pilot on your data takes 4-6 weeks. A simple AI solution reaches production in 6-8 weeks.'

  it('keeps a few words around the change and cuts the rest with an ellipsis', () => {
    const { before, after } = shortenEdit(long, long.replace('4-6 weeks', 'five weeks'))
    expect(before.changed).toBe('4-6')
    expect(after.changed).toBe('five')
    expect(after.lead.startsWith('…')).toBe(true)
    expect(after.lead.endsWith('data takes ')).toBe(true)
    expect(after.trail.startsWith(' weeks.')).toBe(true)
    expect(`${after.lead}${after.changed}${after.trail}`.length).toBeLessThan(140)
  })

  it('shows short texts whole and widens the change to whole words', () => {
    expect(shortenEdit('Short old text', 'Short older text')).toEqual({
      before: { lead: 'Short ', changed: 'old', trail: ' text' },
      after: { lead: 'Short ', changed: 'older', trail: ' text' },
    })
  })

  it('cuts a long change itself', () => {
    const { after } = shortenEdit('x', 'word '.repeat(100), 60)
    expect(after.changed.length).toBeLessThanOrEqual(60)
    expect(after.changed.endsWith('…')).toBe(true)
  })
})

describe('plainText', () => {
  it('reads markup as its words and lists as bullets', () => {
    expect(plainText("<ul><li><b>Not sure?</b> <a href='/x'>AI &amp; ML</a>.</li><li>Two</li></ul>")).toBe(
      '• Not sure? AI & ML . • Two',
    )
    expect(plainText({ question: 'Q', answer: ['P1', 'P2'] })).toBe('question: Q; answer: P1 / P2')
  })
})

describe('routesOf', () => {
  const routes = ['/', '/blog', '/blog/post-a', '/ai/Page-A', '/ai/Page-B']
  const root = mkdtempSync(path.join(tmpdir(), 'routes-of-'))
  mkdirSync(path.join(root, 'content/pages'), { recursive: true })
  writeFileSync(path.join(root, 'content/pages/Page-A.yaml'), 'img1:\n  src: /images/a.svg\n')
  writeFileSync(path.join(root, 'content/pages/Page-B.yaml'), 'title1: B\n')
  const blogUrl = () => 'post-a'

  it('lists a page file under its own route, and a removed one as removed', () => {
    expect(routesOf(['content/pages/Page-B.yaml', 'content/pages/Gone.yaml'], root, routes, blogUrl)).toEqual([
      { route: '/ai/Page-B', file: 'content/pages/Page-B.yaml', removed: false, siteWide: false },
      { route: '/ai/Gone', file: 'content/pages/Gone.yaml', removed: true, siteWide: false },
    ])
  })

  it('marks site.yaml as reaching every page, but a page changed by its own file stays its own', () => {
    const found = routesOf(['content/site.yaml', 'content/pages/Page-B.yaml'], root, routes, blogUrl)
    expect(found.filter((r) => r.siteWide).map((r) => r.route)).toEqual(['/', '/blog', '/blog/post-a', '/ai/Page-A'])
    expect(found.find((r) => r.route === '/ai/Page-B')).toMatchObject({ file: 'content/pages/Page-B.yaml', siteWide: false })
  })

  it('sends a picture to the pages that show it, and a post to its page, the blog and every landing page', () => {
    expect(routesOf(['public/images/a.svg'], root, routes, blogUrl).map((r) => r.route)).toEqual(['/ai/Page-A'])
    const post = routesOf(['content/blogs/post-a.yaml'], root, routes, blogUrl)
    expect(post.filter((r) => !r.siteWide).map((r) => r.route)).toEqual(['/blog', '/blog/post-a'])
    expect(post.filter((r) => r.siteWide).map((r) => r.route)).toEqual(['/ai/Page-A', '/ai/Page-B'])
  })
})

describe('routesOf, a new picture on a changed page', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'routes-of-picture-'))
  mkdirSync(path.join(root, 'content/pages'), { recursive: true })
  writeFileSync(path.join(root, 'content/pages/New.yaml'), 'img1:\n  src: /images/pages/new.svg\n')

  it('lists the picture beside the page file that shows it, so it counts as shown', () => {
    const files = ['content/pages/New.yaml', 'public/images/pages/new.svg']
    expect(routesOf(files, root, ['/', '/ai/New'], () => undefined)).toEqual([
      {
        route: '/ai/New',
        file: 'content/pages/New.yaml',
        removed: false,
        siteWide: false,
        alsoFrom: ['public/images/pages/new.svg'],
      },
    ])
  })
})
