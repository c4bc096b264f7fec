/**
 * The lead: the consultation form's fields, rules and messages (worded exactly as the sales team
 * asked), the request the form sends and the parser the API reads it with. One module for the
 * browser and the server, so the two can never disagree.
 */
export const LEAD_FIELDS = ['name', 'email', 'contact', 'url', 'message'] as const
export type LeadField = (typeof LEAD_FIELDS)[number]
export type LeadValues = Record<LeadField, string>
export type LeadErrors = Partial<Record<LeadField, string>>

export const leadMessages = {
  nameRequired: '*Name is required.',
  emailRequired: '*Email is required.',
  emailInvalid: '*Please enter a valid email address.',
  contactRequired: '*Phone number is required.',
  contactInvalid: '*Please enter a valid 10-digit phone number.',
  urlInvalid: '*Please enter a valid website URL.',
  messageRequired: '*Message is required.',
  /** Name, phone and website: one message, under the field it is about (a browser's input takes no line break, an API client may send one). */
  notOneLine: '*Please keep this on one line.',
} as const

/** The form's hidden bot trap. People never see it and screen readers skip it; bots fill it in. */
export const HONEYPOT_FIELD = 'company_fax'

/** The toasts after a submit, fixed like the field messages. */
export const submitMessages = {
  success: 'Form submitted successfully.',
  failure: 'Form not submitted successfully.',
} as const

/** Longest value kept per field; longer input is cut, never rejected, so no lead is lost to a limit. */
const LEAD_MAX_LENGTH: Record<LeadField, number> = {
  name: 200,
  email: 254,
  contact: 40,
  url: 500,
  message: 5000,
}

/**
 * Line breaks and the other control characters (C0, DEL, C1, and Unicode's line and paragraph
 * separators). A one-line value holding one could start a line of its own in a message the sales
 * team reads, passing the visitor's words off as one of the message's own fields.
 */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g
/**
 * A one-line value as it may go into a line of text: each run of control characters a space. The
 * rules refuse them in the one-line fields; this keeps every other value (which form, where the
 * visitor is, a lead stored before the rule) from breaking a line either.
 */
export const oneLine = (value: string) => value.replace(CONTROL_CHARACTERS, ' ')
const hasControlCharacter = (value: string) => oneLine(value) !== value
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/
const WEBSITE = /^(https?:\/\/)?([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i
/** Spaces, dashes, dots and brackets are how people write numbers; they do not count as digits. */
const PHONE_FORMATTING = /[\s().-]/g

/** The ten digits of a phone number as people type it, with an optional +1 or 1 in front; null if it has no such form. */
export function phoneDigits(input: string): string | null {
  const compact = input.trim().replace(PHONE_FORMATTING, '')
  const match = /^(?:\+?1)?(\d{10})$/.exec(compact)
  return match ? match[1] : null
}

/**
 * A valid lead as it is sent and stored: every field trimmed, and the phone as its ten digits
 * whatever formatting the visitor typed, so the sales team gets one format.
 */
export function normalizeLead(values: LeadValues): LeadValues {
  const contact = values.contact.trim()
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    contact: phoneDigits(contact) ?? contact,
    url: values.url.trim(),
    message: values.message.trim(),
  }
}

const isValidEmail = (value: string) => EMAIL.test(value.trim())
const isValidWebsite = (value: string) => WEBSITE.test(value.trim())

/** Every field's message, in form order; an empty object means the lead is valid. */
export function validateLead(values: LeadValues): LeadErrors {
  const errors: LeadErrors = {}
  const name = values.name.trim()
  const email = values.email.trim()
  const contact = values.contact.trim()
  const url = values.url.trim()
  const message = values.message.trim()
  if (!name) errors.name = leadMessages.nameRequired
  else if (hasControlCharacter(name)) errors.name = leadMessages.notOneLine
  if (!email) errors.email = leadMessages.emailRequired
  else if (!isValidEmail(email)) errors.email = leadMessages.emailInvalid
  if (!contact) errors.contact = leadMessages.contactRequired
  else if (hasControlCharacter(contact)) errors.contact = leadMessages.notOneLine
  else if (phoneDigits(contact) === null) errors.contact = leadMessages.contactInvalid
  if (url && hasControlCharacter(url)) errors.url = leadMessages.notOneLine
  else if (url && !isValidWebsite(url)) errors.url = leadMessages.urlInvalid
  if (!message) errors.message = leadMessages.messageRequired
  return errors
}

/** Where the visitor is, as the geolocation look-up found it. */
export interface LeadLocation {
  city?: string
  region?: string
  country?: string
}

/** The body of POST /api/appDev: what the form sends, and all the API reads. */
export interface LeadRequest extends LeadValues {
  /** Which form sent it, e.g. "Talk to Expert query". */
  query: string
  ip_address: string
  location?: LeadLocation
  /** The hidden bot trap; present only when something filled it in. */
  company_fax?: string
  /** A retry key for clients that cannot send the Idempotency-Key header. */
  request_id?: string
}

/** The request body for a valid lead, normalized the way the API stores it. */
export function leadRequest(
  values: LeadValues,
  extra: { query: string; ipAddress: string | null; location: LeadLocation | null; honeypot?: string },
): LeadRequest {
  return {
    ...normalizeLead(values),
    ip_address: extra.ipAddress ?? '',
    query: extra.query,
    ...(extra.location ? { location: extra.location } : {}),
    ...(extra.honeypot ? { [HONEYPOT_FIELD]: extra.honeypot } : {}),
  }
}

/**
 * A lead as the API accepted it: the form's fields normalized, and what the page added, named for
 * what they hold. The wire names (`contact`, `url`, `query`) stay in the form and the request.
 */
export interface Lead {
  name: string
  email: string
  /** The phone number: its ten digits when typed as one (the request's `contact`). */
  phone: string
  /** The visitor's website, or '' (the request's `url`). */
  website: string
  message: string
  /** Which form sent it, e.g. "Talk to Expert query" (the request's `query`). */
  formName: string
  ipAddress: string
  location: LeadLocation | null
  /** A client's retry key: the same key stores the lead once. */
  requestId: string | null
}

export type ParsedLeadRequest =
  { kind: 'lead'; lead: Lead } | { kind: 'invalid'; errors: Record<string, string> } | { kind: 'bot' }

const LOCATION_FIELDS = ['city', 'region', 'country'] as const
const REQUEST_ID_MAX = 100
const REQUEST_ID = new RegExp(`^[\\x21-\\x7e]{1,${REQUEST_ID_MAX}}$`)
const cap = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '')
/** What the page adds (which form, where the visitor is) holds no rule a visitor sees: it is kept on one line. */
const capLine = (value: unknown, max: number) => cap(typeof value === 'string' ? oneLine(value) : value, max)
const emptyLead = (): LeadValues => ({ name: '', email: '', contact: '', url: '', message: '' })

/**
 * Reads a request body as a lead: unknown fields dropped, strings trimmed and capped, the form's
 * rules applied, each error named by its field. A filled honeypot marks a bot.
 */
export function parseLeadRequest(body: unknown, idempotencyKey?: string): ParsedLeadRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { kind: 'invalid', errors: Object.fromEntries(LEAD_FIELDS.map((f) => [f, validateLead(emptyLead())[f] ?? 'invalid'])) }
  }
  const input = body as Record<string, unknown>
  const honeypot = input[HONEYPOT_FIELD]
  if (typeof honeypot === 'string' && honeypot.trim() !== '') return { kind: 'bot' }
  const values = Object.fromEntries(LEAD_FIELDS.map((f) => [f, cap(input[f], LEAD_MAX_LENGTH[f])])) as LeadValues
  const errors = validateLead(values)
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors }
  const rawLocation = input.location && typeof input.location === 'object' ? (input.location as Record<string, unknown>) : null
  const location = rawLocation
    ? (Object.fromEntries(
        LOCATION_FIELDS.map((f) => [f, capLine(rawLocation[f], 100)]).filter(([, v]) => v !== ''),
      ) as LeadLocation)
    : null
  const keyField = idempotencyKey !== undefined ? 'Idempotency-Key' : 'request_id'
  const rawKey = idempotencyKey ?? input.request_id
  const requestId = typeof rawKey === 'string' ? rawKey.trim() : ''
  // A key is compared whole: cutting a long one would merge two leads that share a prefix.
  if (requestId !== '' && !REQUEST_ID.test(requestId)) {
    return { kind: 'invalid', errors: { [keyField]: `${keyField} must be 1 to ${REQUEST_ID_MAX} visible ASCII characters` } }
  }
  const { name, email, contact, url, message } = normalizeLead(values)
  return {
    kind: 'lead',
    lead: {
      name,
      email,
      phone: contact,
      website: url,
      message,
      formName: capLine(input.query, 200),
      ipAddress: capLine(input.ip_address, 64),
      location: location && Object.keys(location).length > 0 ? location : null,
      requestId: requestId || null,
    },
  }
}
