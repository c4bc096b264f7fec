import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { fillTokens, noticeFacts } from './notice-facts'

const site = { company: { name: 'Corvane', email: 'privacy@corvane.example' }, privacy: { retentionDays: 365 } }
const geolocation = { on: 'We ask {geoService} for a city.', off: 'We look up no location.' }

describe('the privacy notice facts', () => {
  it('names the look-up services the form calls, from the same settings and defaults', () => {
    expect(noticeFacts({}, site)).toEqual({
      company: 'Corvane',
      email: 'privacy@corvane.example',
      retention: '365 days',
      ipLookup: 'api.ipify.org',
      geoService: undefined,
    })
    const configured = noticeFacts(
      {
        VITE_IP_LOOKUP_URL: 'https://ip.example.net/json',
        VITE_GEO_URL: 'https://geo.example.org/{ip}?key={token}',
        VITE_GEO_TOKEN: 't',
      },
      site,
    )
    expect([configured.ipLookup, configured.geoService]).toEqual(['ip.example.net', 'geo.example.org'])
  })

  it('says a location is looked up only when the form has a token to look it up with', () => {
    const text = 'First {ipLookup}. {geolocation}'
    expect(fillTokens(text, noticeFacts({}, site), geolocation)).toEqual(['First api.ipify.org. We look up no location.'])
    expect(fillTokens(text, noticeFacts({ VITE_GEO_TOKEN: 't' }, site), geolocation)).toEqual([
      'First api.ipify.org. We ask ipinfo.io for a city.',
    ])
  })

  it('states the retention period the server keeps and turns the contact address into a link', () => {
    expect(fillTokens('Kept {retention}; write to {email}.', noticeFacts({}, site), geolocation)).toEqual([
      'Kept 365 days; write to ',
      { email: 'privacy@corvane.example' },
      '.',
    ])
  })

  it('finds only known tokens in the notice of site.yaml', () => {
    const { privacy } = parse(readFileSync('content/site.yaml', 'utf8')) as {
      privacy: { lead: string; geolocationOn: string; sections: { paragraphs: string[]; items?: string[] }[] }
    }
    const texts = [privacy.lead, privacy.geolocationOn, ...privacy.sections.flatMap((s) => [...s.paragraphs, ...(s.items ?? [])])]
    const tokens = new Set(texts.flatMap((t) => [...t.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1])))
    expect(
      [...tokens].filter((t) => !['company', 'email', 'retention', 'ipLookup', 'geolocation', 'geoService'].includes(t)),
    ).toEqual([])
    expect(tokens).toContain('retention')
  })
})
