import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { NumbersBand } from './NumbersBand'

describe('NumbersBand', () => {
  it('writes the figures as given', () => {
    const numbers = [
      { value: '400+', label: 'active clients' },
      { value: '850 +', label: 'projects done' },
      { value: '250+', label: 'team advisors' },
      { value: '10+', label: 'glorious years' },
    ]
    const out = renderToStaticMarkup(<NumbersBand numbers={numbers} label="Numbers" />)
    expect([...out.matchAll(/numbers__value">([^<]+)</g)].map((m) => m[1])).toEqual(['400+', '850 +', '250+', '10+'])
  })
})
