import { describe, expect, it } from 'vitest'
import { html, paragraph as p } from '../test-render'
import { Faq } from './Faq'

describe('Faq', () => {
  it('renders no FAQ without items', () => {
    expect(html(<Faq eyebrow="FAQ" title="Questions" faqs={[]} />)).toBe('')
  })
  it('renders each question as a collapsed button that controls its answer', () => {
    const out = html(<Faq eyebrow="FAQ" title="Questions" faqs={[{ question: 'Cost?', answer: p('From $10,000.') }]} />)
    const id = /aria-controls="([^"]+)"/.exec(out)![1]
    expect(out).toContain('aria-expanded="false"')
    expect(out).toContain(`id="${id}"`)
    expect(out).toContain('<p>From $10,000.</p>')
  })
})
