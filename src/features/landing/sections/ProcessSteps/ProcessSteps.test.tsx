import { describe, expect, it } from 'vitest'
import { html } from '../test-render'
import { ProcessSteps } from './ProcessSteps'

const step = (title: string) => ({ title, desc: `What happens in ${title}.` })

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
