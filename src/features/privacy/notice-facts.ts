import { DEFAULT_GEO_URL, DEFAULT_IP_LOOKUP_URL, lookupHost } from '../../core/lookups'

/** The facts the notice states that the code sets, by the token an editor writes for each. */
export interface NoticeFacts {
  company: string
  email: string
  /** The retention period in words, e.g. "365 days". */
  retention: string
  ipLookup: string
  /** The geolocation service's host, or undefined when no look-up is configured (no token). */
  geoService: string | undefined
}

/** The facts of this build: the look-up services as the form calls them, the retention as the server keeps it. */
export function noticeFacts(
  env: { VITE_IP_LOOKUP_URL?: string; VITE_GEO_URL?: string; VITE_GEO_TOKEN?: string },
  site: { company: { name: string; email: string }; privacy: { retentionDays: number } },
): NoticeFacts {
  const days = site.privacy.retentionDays
  return {
    company: site.company.name,
    email: site.company.email,
    retention: `${days} ${days === 1 ? 'day' : 'days'}`,
    ipLookup: lookupHost(env.VITE_IP_LOOKUP_URL || DEFAULT_IP_LOOKUP_URL),
    // The form skips the location look-up without a token, so the notice does not claim one.
    geoService: env.VITE_GEO_TOKEN ? lookupHost(env.VITE_GEO_URL || DEFAULT_GEO_URL) : undefined,
  }
}

/** A text with its tokens filled in: each piece is text, or the one token that stays a link (the email). */
export function fillTokens(
  text: string,
  facts: NoticeFacts,
  geolocation: { on: string; off: string },
): (string | { email: string })[] {
  const sentence = facts.geoService ? geolocation.on.replaceAll('{geoService}', facts.geoService) : geolocation.off
  const filled = text
    .replaceAll('{geolocation}', sentence)
    .replaceAll('{company}', facts.company)
    .replaceAll('{retention}', facts.retention)
    .replaceAll('{ipLookup}', facts.ipLookup)
  return filled
    .split(/(\{email\})/)
    .flatMap((part): (string | { email: string })[] => (part === '{email}' ? [{ email: facts.email }] : part ? [part] : []))
}
