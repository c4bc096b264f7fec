import { describe, expect, it } from 'vitest'
import { html } from '../test-render'
import { Integrations } from './Integrations'

describe('Integrations', () => {
  it('renders no integrations without items', () => {
    expect(html(<Integrations title="Our Integrations" items={[]} />)).toBe('')
  })
  it('shows integrations with an SVG source and a PNG fallback', () => {
    const out = html(<Integrations title="Our Integrations" items={[{ name: 'CRM', img: '/crm.svg', img2: '/crm.png' }]} />)
    expect(out).toContain('<source srcSet="/crm.svg" type="image/svg+xml"/><img src="/crm.png"')
  })
})
