import { leadRequest, type LeadLocation, type LeadValues } from '../../core/lead'

/** The outside services and the API a submit talks to; passed in so tests stub them at the fetch boundary. */
export interface SubmitSettings {
  fetch: typeof fetch
  apiBase: string
  ipLookupUrl: string
  /** Template with {ip} and {token}; geolocation is skipped without a token. */
  geoUrl: string
  geoToken?: string
  /** Each look-up gives up after this long, so a slow service never holds a visitor's submit. */
  lookupTimeoutMs: number
  log: (message: string, error?: unknown) => void
}

async function getJson(url: string, settings: SubmitSettings): Promise<Record<string, unknown>> {
  const response = await settings.fetch(url, { signal: AbortSignal.timeout(settings.lookupTimeoutMs) })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  return (await response.json()) as Record<string, unknown>
}

/** The visitor's public IP address, or null when the look-up fails or is slow (logged, never fatal). */
async function lookupIp(settings: SubmitSettings): Promise<string | null> {
  try {
    const body = await getJson(settings.ipLookupUrl, settings)
    return typeof body.ip === 'string' && body.ip ? body.ip : null
  } catch (error) {
    settings.log('IP look-up failed; sending without it', error)
    return null
  }
}

/** City, region and country of an address, or null without a token or when the look-up fails. */
async function lookupLocation(ip: string, settings: SubmitSettings): Promise<LeadLocation | null> {
  if (!settings.geoToken) return null
  const url = settings.geoUrl.replace('{ip}', encodeURIComponent(ip)).replace('{token}', encodeURIComponent(settings.geoToken))
  try {
    const body = await getJson(url, settings)
    const pick = (key: string) => (typeof body[key] === 'string' && body[key] ? { [key]: body[key] as string } : {})
    const location: LeadLocation = { ...pick('city'), ...pick('region'), ...pick('country') }
    return Object.keys(location).length > 0 ? location : null
  } catch (error) {
    settings.log('Geolocation failed; sending without it', error)
    return null
  }
}

/**
 * The submit sequence: IP look-up, then geolocation, then the POST. Resolves to
 * whether the API answered ok; a network failure rejects. `requestId` makes a retry idempotent.
 */
export async function submitLead(
  values: LeadValues,
  formHeading: string,
  requestId: string,
  settings: SubmitSettings,
  honeypot = '',
): Promise<boolean> {
  const ip = await lookupIp(settings)
  const location = ip ? await lookupLocation(ip, settings) : null
  const body = leadRequest(values, { query: `${formHeading} query`, ipAddress: ip, location, honeypot })
  const response = await settings.fetch(`${settings.apiBase}/appDev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': requestId },
    body: JSON.stringify(body),
  })
  return response.ok
}
