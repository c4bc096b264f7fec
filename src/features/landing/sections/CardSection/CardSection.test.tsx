import { describe, expect, it } from 'vitest'
import { html } from '../test-render'
import { CardSection } from './CardSection'

describe('CardSection', () => {
  it('renders no card section without items', () => {
    expect(html(<CardSection id="x" eyebrow="Why" title="Why" items={[]} />)).toBe('')
  })
})
