import { describe, expect, it } from 'vitest'
import { html } from '../test-render'
import { ServiceCards } from './ServiceCards'

const service = (title: string) => ({ title, desc: `What ${title} gives you.` })

describe('ServiceCards', () => {
  const out = html(
    <ServiceCards
      eyebrow="Services"
      title="What we do"
      services={[service('A'), service('B'), { ...service('C'), benefits: ['Fast', 'Safe'] }, service('D')]}
      icons={['/i1.svg', '/i2.svg', '/i3.svg']}
    />,
  )
  it('numbers cards 01, 02 … in order', () =>
    expect([...out.matchAll(/service-card__num[^>]*>(\d+)</g)].map((m) => m[1])).toEqual(['01', '02', '03', '04']))
  it('gives cards icons from the set in turn', () =>
    expect([...out.matchAll(/card__icon" src="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/i1.svg',
      '/i2.svg',
      '/i3.svg',
      '/i1.svg',
    ]))
  it('lists benefits only where a card has them', () => {
    expect(out.match(/class="checklist"/g)).toHaveLength(1)
    expect(out).toContain('<li>Fast</li><li>Safe</li>')
  })
  it('puts the title in an h2 and each card title in an h3', () => {
    expect(out).toContain('<h2 id="services-title">What we do</h2>')
    expect(out.match(/<h3/g)).toHaveLength(4)
  })
})
