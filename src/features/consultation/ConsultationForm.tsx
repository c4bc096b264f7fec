import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { useNavigate } from '../../lib/router'
import copy from 'site-part:consultation'
import { PREVIEW_WORDS } from '../../components/PreviewRibbon'
import {
  HONEYPOT_FIELD,
  LEAD_FIELDS,
  submitMessages,
  validateLead,
  type LeadErrors,
  type LeadField,
  type LeadValues,
} from '../../core/lead'
import { submitLead } from './submit-lead'
import { browserSubmitSettings } from './submit-settings'
import { showToast } from './toast'
import { markLeadSent } from './useAutoOpen'

const empty: LeadValues = { name: '', email: '', contact: '', url: '', message: '' }

/** How each field helps mobile keyboards and autofill. */
const inputProps: Record<
  Exclude<LeadField, 'message'>,
  { type: string; autoComplete: string; inputMode?: 'email' | 'tel' | 'url' }
> = {
  name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  contact: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  url: { type: 'url', autoComplete: 'url', inputMode: 'url' },
}

/**
 * The consultation form. Messages appear only after a submit attempt and then follow the visitor's
 * corrections; a failed send keeps everything typed. `onSent` runs after a lead was stored.
 */
export function ConsultationForm({ queryHeading, onSent }: { queryHeading: string; onSent: () => void }) {
  const id = useId()
  const navigate = useNavigate()
  const [values, setValues] = useState<LeadValues>(empty)
  const [errors, setErrors] = useState<LeadErrors>({})
  const [attempted, setAttempted] = useState(false)
  const [busy, setBusy] = useState(false)
  const busyRef = useRef(false)
  const requestId = useRef<string | null>(null)

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [event.target.name]: event.target.value }
    setValues(next)
    // A retry key names one lead: once the visitor changes it, a resend is a new lead, not a retry.
    requestId.current = null
    if (attempted) setErrors(validateLead(next))
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busyRef.current) return
    const form = event.currentTarget
    const found = validateLead(values)
    setAttempted(true)
    setErrors(found)
    const firstInvalid = LEAD_FIELDS.find((f) => found[f])
    if (firstInvalid) {
      form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus()
      return
    }
    // A preview build (VITE_PREVIEW=1) sends nothing. It says so where the notice is not behind the
    // popup's backdrop: the popup closes, keeping what was typed for the next opening.
    if (import.meta.env.VITE_PREVIEW === '1') {
      void showToast('info', PREVIEW_WORDS.formNotice)
      onSent()
      return
    }
    // A bot fills the hidden field; the server drops such leads, so no need to tell it apart here.
    const honeypot = (form.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? ''
    busyRef.current = true
    setBusy(true)
    requestId.current ??= crypto.randomUUID()
    let sent = false
    try {
      sent = await submitLead(values, queryHeading, requestId.current, browserSubmitSettings(), honeypot)
    } catch (error) {
      console.error('The consultation request could not be sent:', error)
    }
    busyRef.current = false
    setBusy(false)
    if (!sent) {
      void showToast('error', submitMessages.failure)
      return
    }
    void showToast('success', submitMessages.success)
    setValues(empty)
    setErrors({})
    setAttempted(false)
    requestId.current = null
    markLeadSent()
    onSent()
    navigate('/thank-you')
  }

  const field = (name: LeadField, label: string, optional = false) => {
    const error = errors[name]
    const fieldId = `${id}-${name}`
    const common = {
      id: fieldId,
      name,
      value: values[name],
      onChange,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${fieldId}-error` : undefined,
      required: !optional,
    }
    return (
      <div className={`field ${name === 'message' ? 'field--wide' : ''}`}>
        <label htmlFor={fieldId}>
          {label}
          {optional ? <span className="field__optional"> {copy.optional}</span> : null}
        </label>
        {name === 'message' ? <textarea rows={4} {...common} /> : <input {...inputProps[name]} {...common} />}
        {error ? (
          <p id={`${fieldId}-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
    )
  }

  return (
    <form className="lead-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <div className="lead-form__grid">
        {field('name', copy.name)}
        {field('email', copy.email)}
        {field('contact', copy.contact)}
        {field('url', copy.url, true)}
        {field('message', copy.message)}
      </div>
      <div className="lead-form__trap" aria-hidden="true">
        <label>
          {copy.honeypot}
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <button type="submit" className="button button--primary lead-form__submit" disabled={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {busy ? copy.sending : copy.submit}
      </button>
      <p className="lead-form__privacy">
        {copy.privacy} {/* A new tab, so what the visitor typed here stays. */}
        <a href="/privacy" target="_blank" rel="noopener">
          {copy.privacyLink}
        </a>
      </p>
    </form>
  )
}
