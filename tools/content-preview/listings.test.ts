import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { listingChanges } from './listings.ts'

const page = (name: string) => parse(readFileSync(`content/pages/${name}.yaml`, 'utf8')) as Record<string, unknown>
/** A folder with no build in it: every page is listed nowhere. */
const empty = mkdtempSync(path.join(tmpdir(), 'listings-'))

describe('listingChanges', () => {
  it('names a new page, a removed one, and a page file renamed as one page at a new address', () => {
    const consulting = page('Ai-Consulting')
    const changes = listingChanges(
      [
        { route: '/ai/Ai-Consulting', before: consulting, after: undefined },
        { route: '/ai/AI-Consulting-Services', before: undefined, after: consulting },
        { route: '/ai/Ai-Development', before: page('Ai-Development'), after: undefined },
        { route: '/ai/New', before: undefined, after: { ...page('Ai-Agent-Development'), label: 'New', title1: 'New' } },
      ],
      empty,
    )
    expect(changes.map((c) => [c.kind, c.route, c.was?.route])).toEqual([
      ['renamed', '/ai/AI-Consulting-Services', '/ai/Ai-Consulting'],
      ['added', '/ai/New', undefined],
      ['removed', '/ai/Ai-Development', undefined],
    ])
  })

  it('names a new menu label or list, and nothing for a change the lists do not show', () => {
    const before = page('Ai-Consulting')
    const relabelled = listingChanges([{ route: '/ai/Ai-Consulting', before, after: { ...before, label: 'AI Advice' } }], empty)
    expect(relabelled).toEqual([
      {
        kind: 'relabelled',
        route: '/ai/Ai-Consulting',
        label: 'AI Advice',
        was: { route: '/ai/Ai-Consulting', label: 'AI Consulting' },
        places: [],
      },
    ])
    expect(listingChanges([{ route: '/ai/Ai-Consulting', before, after: { ...before, title1: 'Other' } }], empty)).toEqual([])
  })
})
