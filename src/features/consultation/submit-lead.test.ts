import { describe, expect, it, vi } from 'vitest'
import { submitLead, type SubmitSettings } from './submit-lead'

const values = { name: ' Dana ', email: 'dana@acme.com', contact: '415 555 0142', url: '', message: 'Pilot, please.' }

type Handler = (url: string, init?: RequestInit) => Promise<Response> | Response

/** Settings whose fetch records every call and answers from `routes` by URL prefix. */
function settingsWith(routes: Record<string, Handler>, overrides: Partial<SubmitSettings> = {}) {
  const calls: { url: string; init?: RequestInit }[] = []
  const log = vi.fn()
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    calls.push({ url, init })
    const handler = Object.entries(routes).find(([prefix]) => url.startsWith(prefix))?.[1]
    if (!handler) throw new TypeError('Failed to fetch')
    return handler(url, init)
  }) as typeof fetch
  const settings: SubmitSettings = {
    fetch: fetcher,
    apiBase: '/api',
    ipLookupUrl: 'https://ip.test/?format=json',
    geoUrl: 'https://geo.test/{ip}?token={token}',
    geoToken: 'secret',
    lookupTimeoutMs: 50,
    log,
    ...overrides,
  }
  return { settings, calls, log }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const hang: Handler = (_url, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))
const bodyOf = (calls: { url: string; init?: RequestInit }[]) => JSON.parse(String(calls.at(-1)!.init!.body))

describe('submit sequence', () => {
  it('looks up the IP, then the location with the token, then posts the lead', async () => {
    const { settings, calls } = settingsWith({
      'https://ip.test': () => json({ ip: '203.0.113.7' }),
      'https://geo.test': () => json({ city: 'Austin', region: 'Texas', country: 'US', org: 'x' }),
      '/api/appDev': () => json({ ok: true }, 201),
    })
    await expect(submitLead(values, 'Talk to Expert', 'req-1', settings)).resolves.toBe(true)
    expect(calls.map((c) => c.url)).toEqual([
      'https://ip.test/?format=json',
      'https://geo.test/203.0.113.7?token=secret',
      '/api/appDev',
    ])
    expect(calls[2].init).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'req-1' },
    })
    expect(bodyOf(calls)).toEqual({
      name: 'Dana',
      email: 'dana@acme.com',
      contact: '4155550142',
      url: '',
      message: 'Pilot, please.',
      ip_address: '203.0.113.7',
      query: 'Talk to Expert query',
      location: { city: 'Austin', region: 'Texas', country: 'US' },
    })
  })

  it('skips geolocation without a token', async () => {
    const { settings, calls } = settingsWith(
      { 'https://ip.test': () => json({ ip: '203.0.113.7' }), '/api/appDev': () => json({}, 201) },
      { geoToken: undefined },
    )
    await submitLead(values, 'Get Free Consultation', 'req', settings)
    expect(calls.map((c) => c.url)).toEqual(['https://ip.test/?format=json', '/api/appDev'])
    expect(bodyOf(calls)).not.toHaveProperty('location')
    expect(bodyOf(calls).query).toBe('Get Free Consultation query')
  })

  it.each([
    ['fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['answers 500', () => json({}, 500)],
    ['answers without an ip', () => json({})],
    ['takes longer than the time-out', hang],
  ] as [string, Handler][])('posts without IP or location when the IP look-up %s, and logs it', async (_case, ipHandler) => {
    const { settings, calls, log } = settingsWith({ 'https://ip.test': ipHandler, '/api/appDev': () => json({}, 201) })
    await expect(submitLead(values, 'Talk to Expert', 'req', settings)).resolves.toBe(true)
    expect(calls.map((c) => c.url)).toEqual(['https://ip.test/?format=json', '/api/appDev'])
    expect(bodyOf(calls)).toMatchObject({ ip_address: '' })
    expect(bodyOf(calls)).not.toHaveProperty('location')
    if (_case !== 'answers without an ip')
      expect(log).toHaveBeenCalledWith(expect.stringContaining('IP look-up failed'), expect.anything())
  })

  it.each([
    ['fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['answers 403', () => json({ error: 'bad token' }, 403)],
    ['takes longer than the time-out', hang],
  ] as [string, Handler][])('posts with the IP but no location when geolocation %s', async (_case, geoHandler) => {
    const { settings, calls, log } = settingsWith({
      'https://ip.test': () => json({ ip: '203.0.113.7' }),
      'https://geo.test': geoHandler,
      '/api/appDev': () => json({}, 201),
    })
    await expect(submitLead(values, 'Talk to Expert', 'req', settings)).resolves.toBe(true)
    expect(bodyOf(calls)).toMatchObject({ ip_address: '203.0.113.7' })
    expect(bodyOf(calls)).not.toHaveProperty('location')
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Geolocation failed'), expect.anything())
  })

  it('resolves false when the API answers not ok', async () => {
    const { settings } = settingsWith({
      'https://ip.test': () => json({ ip: '1.2.3.4' }),
      'https://geo.test': () => json({}),
      '/api/appDev': () => json({ errors: {} }, 400),
    })
    await expect(submitLead(values, 'Talk to Expert', 'req', settings)).resolves.toBe(false)
  })

  it('rejects when the network fails on the POST', async () => {
    const { settings } = settingsWith({ 'https://ip.test': () => json({ ip: '1.2.3.4' }), 'https://geo.test': () => json({}) })
    await expect(submitLead(values, 'Talk to Expert', 'req', settings)).rejects.toThrow('Failed to fetch')
  })

  it('sends a filled honeypot along, for the server to drop', async () => {
    const { settings, calls } = settingsWith({ 'https://ip.test': () => json({}), '/api/appDev': () => json({}, 201) })
    await submitLead(values, 'Talk to Expert', 'req', settings, 'bot text')
    expect(bodyOf(calls).company_fax).toBe('bot text')
  })
})
