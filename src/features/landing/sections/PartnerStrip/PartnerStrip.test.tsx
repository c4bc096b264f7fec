import { describe, expect, it } from 'vitest'
import { html } from '../test-render'
import { PartnerStrip } from './PartnerStrip'

describe('PartnerStrip', () => {
  const partners = Array.from({ length: 7 }, (_, i) => ({ name: `Partner ${i}`, logo: `/p${i}.svg` }))
  it('draws the seven marks twice and hides the copy from screen readers', () => {
    const out = html(<PartnerStrip partners={partners} label="Partners" />)
    expect(out.match(/<img/g)).toHaveLength(14)
    expect(out.match(/aria-hidden="true"/g)).toHaveLength(1)
    expect(out.match(/alt="Partner \d"/g)).toHaveLength(7)
    expect(out.match(/alt=""/g)).toHaveLength(7)
  })
})
