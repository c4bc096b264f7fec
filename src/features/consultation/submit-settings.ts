import { apiBase } from '../../lib/api'
import { DEFAULT_GEO_URL, DEFAULT_IP_LOOKUP_URL } from '../../core/lookups'
import type { SubmitSettings } from './submit-lead'

/** The browser's submit settings, from the build's environment (VITE_API_URL, VITE_IP_LOOKUP_URL, VITE_GEO_URL, VITE_GEO_TOKEN). */
export function browserSubmitSettings(): SubmitSettings {
  return {
    fetch: (...args) => fetch(...args),
    apiBase,
    ipLookupUrl: import.meta.env.VITE_IP_LOOKUP_URL || DEFAULT_IP_LOOKUP_URL,
    geoUrl: import.meta.env.VITE_GEO_URL || DEFAULT_GEO_URL,
    geoToken: import.meta.env.VITE_GEO_TOKEN || undefined,
    lookupTimeoutMs: 3000,
    log: (message, error) => console.warn(message, error),
  }
}
