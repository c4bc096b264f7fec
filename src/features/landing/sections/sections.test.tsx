import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { CardSection } from './CardSection'
import { Faq } from './Faq'
import { IntroBlocks } from './IntroBlocks'
import { Integrations } from './Integrations'
import { NumbersBand } from '../../../components/NumbersBand'
import { PartnerStrip } from './PartnerStrip'
import { ProcessSteps } from './ProcessSteps'
import { ServiceCards } from './ServiceCards'
import { cycledIcon, twoDigits } from './numbering'

const html = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>)
const step = (title: string) => ({ title, desc: `What happens in ${title}.` })
const service = (title: string) => ({ title, desc: `What ${title} gives you.` })
const image = { src: '/images/x.svg', alt: 'An illustration', width: 640, height: 480 }
const p = (text: string) => [['p', 0, text]] as never

describe('numbering', () => {
  it('pads to two digits', () => expect([1, 8, 10].map(twoDigits)).toEqual(['01', '08', '10']))
  it('cycles the icon set', () => {
    const icons = ['a', 'b', 'c']
    expect([0, 1, 2, 3, 4, 7].map((i) => cycledIcon(icons, i))).toEqual(['a', 'b', 'c', 'a', 'b', 'b'])
  })
})

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

describe('ProcessSteps', () => {
  const props = { eyebrow: 'Our Process', title: 'How we work', stepWord: 'Step' }
  it('shows the first row three per line and the second two per line, numbered across both', () => {
    const out = html(
      <ProcessSteps
        {...props}
        variant="process"
        firstRow={[step('One'), step('Two'), step('Three')]}
        secondRow={[step('Four'), step('Five'), step('Six')]}
      />,
    )
    const rows = [...out.matchAll(/<ol class="card-grid card-grid--(\d) steps__row"/g)].map((m) => m[1])
    expect(rows).toEqual(['3', '2'])
    expect([...out.matchAll(/step__label">([^<]+)</g)].map((m) => m[1])).toEqual([
      'Step 01',
      'Step 02',
      'Step 03',
      'Step 04',
      'Step 05',
      'Step 06',
    ])
  })
  it('renders nothing without steps', () => {
    expect(html(<ProcessSteps {...props} variant="process" firstRow={[]} secondRow={[]} />)).toBe('')
  })
  it('shows industries with their own look and no step numbers', () => {
    const out = html(
      <ProcessSteps
        {...props}
        eyebrow="Industries We Serve"
        variant="industries"
        firstRow={[step('Energy')]}
        secondRow={[step('Health')]}
      />,
    )
    expect(out).toContain('steps--industries')
    expect(out).toContain('Industries We Serve')
    expect(out).not.toContain('step__label')
  })
})

describe('IntroBlocks', () => {
  it('makes title1 and title2 the one h1, and leaves out empty blocks', () => {
    const out = html(
      <IntroBlocks
        title1="AI Development"
        title2="that ships"
        blocks={[{ paragraphs: [p('First')], image }, { paragraphs: [], image }, { paragraphs: [p('Third')] }]}
      />,
    )
    expect(out.match(/<h1/g)).toHaveLength(1)
    expect(out).toContain('AI Development <span class="accent-text">that ships</span>')
    expect(out.match(/<section/g)).toHaveLength(2)
    expect(out).toContain('fetchPriority="high"')
  })
  it('loads the first image eagerly with its size, later ones lazily', () => {
    const out = html(
      <IntroBlocks
        title1="T"
        blocks={[
          { paragraphs: [p('a')], image },
          { paragraphs: [p('b')], image },
        ]}
      />,
    )
    const imgs = [...out.matchAll(/<img[^>]+>/g)].map((m) => m[0])
    expect(imgs[0]).not.toContain('loading="lazy"')
    expect(imgs[1]).toContain('loading="lazy"')
    for (const img of imgs) expect(img).toMatch(/width="640" height="480"/)
  })
})

describe('PartnerStrip and NumbersBand', () => {
  const partners = Array.from({ length: 7 }, (_, i) => ({ name: `Partner ${i}`, logo: `/p${i}.svg` }))
  it('draws the seven marks twice and hides the copy from screen readers', () => {
    const out = html(<PartnerStrip partners={partners} label="Partners" />)
    expect(out.match(/<img/g)).toHaveLength(14)
    expect(out.match(/aria-hidden="true"/g)).toHaveLength(1)
    expect(out.match(/alt="Partner \d"/g)).toHaveLength(7)
    expect(out.match(/alt=""/g)).toHaveLength(7)
  })
  it('writes the figures as given', () => {
    const numbers = [
      { value: '400+', label: 'active clients' },
      { value: '850 +', label: 'projects done' },
      { value: '250+', label: 'team advisors' },
      { value: '10+', label: 'glorious years' },
    ]
    const out = html(<NumbersBand numbers={numbers} label="Numbers" />)
    expect([...out.matchAll(/numbers__value">([^<]+)</g)].map((m) => m[1])).toEqual(['400+', '850 +', '250+', '10+'])
  })
})

describe('empty states', () => {
  it('renders no card section, integrations or FAQ without items', () => {
    expect(html(<CardSection id="x" eyebrow="Why" title="Why" items={[]} />)).toBe('')
    expect(html(<Integrations title="Our Integrations" items={[]} />)).toBe('')
    expect(html(<Faq eyebrow="FAQ" title="Questions" faqs={[]} />)).toBe('')
  })
  it('shows integrations with an SVG source and a PNG fallback', () => {
    const out = html(<Integrations title="Our Integrations" items={[{ name: 'CRM', img: '/crm.svg', img2: '/crm.png' }]} />)
    expect(out).toContain('<source srcSet="/crm.svg" type="image/svg+xml"/><img src="/crm.png"')
  })
})

describe('Faq', () => {
  it('renders each question as a collapsed button that controls its answer', () => {
    const out = html(<Faq eyebrow="FAQ" title="Questions" faqs={[{ question: 'Cost?', answer: p('From $10,000.') }]} />)
    const id = /aria-controls="([^"]+)"/.exec(out)![1]
    expect(out).toContain('aria-expanded="false"')
    expect(out).toContain(`id="${id}"`)
    expect(out).toContain('<p>From $10,000.</p>')
  })
})
