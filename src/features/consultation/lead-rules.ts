/**
 * The consultation form's rules and messages, worded exactly as the sales team asked. One module, used by the form in the
 * browser and by the API on the server, so the two can never disagree.
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
} as const

/** The form's hidden bot trap. People never see it and screen readers skip it; bots fill it in. */
export const HONEYPOT_FIELD = 'company_fax'

/** The toasts after a submit, fixed like the field messages. */
export const submitMessages = {
  success: 'Form submitted successfully.',
  failure: 'Form not submitted successfully.',
} as const

/** Longest value kept per field; longer input is cut, never rejected, so no lead is lost to a limit. */
export const LEAD_MAX_LENGTH: Record<LeadField, number> = {
  name: 200,
  email: 254,
  contact: 40,
  url: 500,
  message: 5000,
}

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

export const isValidEmail = (value: string) => EMAIL.test(value.trim())
export const isValidWebsite = (value: string) => WEBSITE.test(value.trim())

/** Every field's message, in form order; an empty object means the lead is valid. */
export function validateLead(values: LeadValues): LeadErrors {
  const errors: LeadErrors = {}
  const name = values.name.trim()
  const email = values.email.trim()
  const contact = values.contact.trim()
  const url = values.url.trim()
  const message = values.message.trim()
  if (!name) errors.name = leadMessages.nameRequired
  if (!email) errors.email = leadMessages.emailRequired
  else if (!isValidEmail(email)) errors.email = leadMessages.emailInvalid
  if (!contact) errors.contact = leadMessages.contactRequired
  else if (phoneDigits(contact) === null) errors.contact = leadMessages.contactInvalid
  if (url && !isValidWebsite(url)) errors.url = leadMessages.urlInvalid
  if (!message) errors.message = leadMessages.messageRequired
  return errors
}
