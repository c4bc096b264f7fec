import { describe, expect, it } from 'vitest'
import { html, paragraph as p } from '../test-render'
import { IntroBlocks } from './IntroBlocks'

const image = { src: '/images/x.svg', alt: 'An illustration', width: 640, height: 480 }

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
