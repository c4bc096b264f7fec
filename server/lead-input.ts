import { HONEYPOT_FIELD, LEAD_FIELDS, LEAD_MAX_LENGTH, normalizeLead, validateLead, type LeadErrors, type LeadValues } from '../src/features/consultation/lead-rules.ts'
import type { NewLead } from './lead-store.ts'

const LOCATION_FIELDS = ['city', 'region', 'country'] as const
const REQUEST_ID_MAX = 100
const REQUEST_ID = new RegExp(`^[\\x21-\\x7e]{1,${REQUEST_ID_MAX}}$`)
const cap = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '')

export type LeadInput =
  | { kind: 'lead'; lead: Omit<NewLead, 'remoteAddress'> }
  | { kind: 'invalid'; errors: LeadErrors | Record<string, string> }
  | { kind: 'bot' }

/**
 * Turns a request body into a lead: unknown fields dropped, strings trimmed and capped, the form's
 * rules applied. A filled honeypot marks a bot.
 */
export function parseLeadInput(body: unknown, requestIdHeader?: string): LeadInput {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { kind: 'invalid', errors: Object.fromEntries(LEAD_FIELDS.map((f) => [f, validateLead(emptyLead())[f] ?? 'invalid'])) }
  }
  const input = body as Record<string, unknown>
  if (typeof input[HONEYPOT_FIELD] === 'string' && input[HONEYPOT_FIELD].trim() !== '') return { kind: 'bot' }
  const values = Object.fromEntries(LEAD_FIELDS.map((f) => [f, cap(input[f], LEAD_MAX_LENGTH[f])])) as LeadValues
  const errors = validateLead(values)
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors }
  const rawLocation = input.location && typeof input.location === 'object' ? (input.location as Record<string, unknown>) : null
  const location = rawLocation
    ? Object.fromEntries(LOCATION_FIELDS.map((f) => [f, cap(rawLocation[f], 100)]).filter(([, v]) => v !== ''))
    : null
  const keyField = requestIdHeader !== undefined ? 'Idempotency-Key' : 'request_id'
  const rawKey = requestIdHeader ?? input.request_id
  const requestId = typeof rawKey === 'string' ? rawKey.trim() : ''
  // A key is compared whole: cutting a long one would merge two leads that share a prefix.
  if (requestId !== '' && !REQUEST_ID.test(requestId)) {
    return { kind: 'invalid', errors: { [keyField]: `${keyField} must be 1 to ${REQUEST_ID_MAX} visible ASCII characters` } }
  }
  return {
    kind: 'lead',
    lead: {
      ...normalizeLead(values),
      query: cap(input.query, 200),
      ipAddress: cap(input.ip_address, 64),
      location: location && Object.keys(location).length > 0 ? location : null,
      requestId: requestId || null,
    },
  }
}

function emptyLead(): LeadValues {
  return { name: '', email: '', contact: '', url: '', message: '' }
}
