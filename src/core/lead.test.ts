import { describe, expect, it } from 'vitest'
import { leadMessages as m, normalizeLead, parseLeadRequest, phoneDigits, validateLead, type LeadValues } from './lead'

const valid: LeadValues = {
  name: 'Dana Reyes',
  email: 'dana@acme.com',
  contact: '4155550142',
  url: '',
  message: 'We need a pilot.',
}
const errorsFor = (patch: Partial<LeadValues>) => validateLead({ ...valid, ...patch })

describe('lead rules', () => {
  it('accepts a complete lead', () => expect(validateLead(valid)).toEqual({}))

  it.each([
    ['name', '', m.nameRequired],
    ['name', '   ', m.nameRequired],
    ['email', '', m.emailRequired],
    ['email', '  ', m.emailRequired],
    ['email', 'dana', m.emailInvalid],
    ['email', 'dana@acme', m.emailInvalid],
    ['email', 'dana@acme.c', m.emailInvalid],
    ['email', 'dana @acme.com', m.emailInvalid],
    ['email', 'dana@acme.com.', m.emailInvalid],
    ['email', 'da"na@acme.com', m.emailInvalid],
    ['contact', '', m.contactRequired],
    ['contact', '415555014', m.contactInvalid],
    ['contact', '41555501421', m.contactInvalid],
    ['contact', '+44 20 7946 0958', m.contactInvalid],
    ['contact', '415-555-O142', m.contactInvalid],
    ['contact', '+2 415 555 0142', m.contactInvalid],
    ['url', 'not a url', m.urlInvalid],
    ['url', 'http://', m.urlInvalid],
    ['url', 'acme', m.urlInvalid],
    ['url', 'ftp://acme.com', m.urlInvalid],
    ['message', '', m.messageRequired],
    ['message', ' \n\t ', m.messageRequired],
    ['name', 'Dana\nEmail:    forged@evil.example', m.notOneLine],
    ['name', 'Dana\r\nBcc: evil@example.com', m.notOneLine],
    ['name', 'Dana\rReyes', m.notOneLine],
    ['name', 'Dana\u2028Reyes', m.notOneLine],
    ['name', 'Dana\u0085Reyes', m.notOneLine],
    ['name', 'Dana\u001b[2KReyes', m.notOneLine],
    ['name', 'Dana\tReyes', m.notOneLine],
    ['contact', '415 555\n0142', m.notOneLine],
    ['contact', '415\u000b555\u000b0142', m.notOneLine],
    ['url', 'acme.com/\u0007x', m.notOneLine],
    ['url', 'acme.com\nEmail: forged@evil.example', m.notOneLine],
  ] as const)('%s = %j → %s', (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: message })
  })

  it.each([
    ['email', 'dana+leads@acme.com'],
    ['email', 'first.last_name-x%y@mail.acme.co.uk'],
    ['email', `${'a'.repeat(64)}@${'b'.repeat(60)}.example.com`],
    ['email', '  dana@acme.com  '],
    ['contact', '415 555 0142'],
    ['contact', '415-555-0142'],
    ['contact', '(415) 555-0142'],
    ['contact', '415.555.0142'],
    ['contact', '+1 415 555 0142'],
    ['contact', '+14155550142'],
    ['contact', '1-415-555-0142'],
    ['url', 'acme.com'],
    ['url', 'www.acme.com'],
    ['url', 'https://acme.com'],
    ['url', 'http://sub.acme.co.uk/path/page?x=1&y=2#top'],
    ['url', 'https://acme.com:8443/'],
  ] as const)('%s = %j is valid', (field, value) => {
    expect(errorsFor({ [field]: value })).toEqual({})
  })

  it('reports every invalid field at once, in form order', () => {
    expect(Object.keys(validateLead({ name: '', email: 'x', contact: '1', url: 'nope', message: '' }))).toEqual([
      'name',
      'email',
      'contact',
      'url',
      'message',
    ])
  })

  it.each([
    ['4155550142', '4155550142'],
    ['415 555 0142', '4155550142'],
    ['415-555-0142', '4155550142'],
    ['(415) 555-0142', '4155550142'],
    ['415.555.0142', '4155550142'],
    ['+1 (415) 555-0142', '4155550142'],
    ['+14155550142', '4155550142'],
    ['1-415-555-0142', '4155550142'],
    ['1 (415) 555 0142', '4155550142'],
    ['  415 555 0142  ', '4155550142'],
    ['555-0142', null],
    ['415555014', null],
    ['+44 20 7946 0958', null],
    ['+2 415 555 0142', null],
    ['415-555-0142 ext 12', null],
    ['415-555-O142', null],
    ['4155550142a', null],
    ['++14155550142', null],
  ])('reads %j as %j', (typed, digits) => {
    expect(phoneDigits(typed)).toBe(digits)
    if (digits === null) expect(errorsFor({ contact: typed }).contact).toBe(m.contactInvalid)
  })

  it('sends and stores the phone as its ten digits, other fields trimmed', () => {
    expect(normalizeLead({ ...valid, name: ' Dana ', contact: '+1 (415) 555-0142' })).toEqual({
      ...valid,
      name: 'Dana',
      contact: '4155550142',
    })
  })
})

describe('parseLeadRequest', () => {
  it("reads the request's contact, url and query as the phone, website and form name they hold", () => {
    const body = {
      ...valid,
      contact: '(415) 555-0142',
      url: ' acme.com ',
      query: 'Talk to Expert query',
      ip_address: '203.0.113.7',
    }
    expect(parseLeadRequest(body)).toEqual({
      kind: 'lead',
      lead: {
        name: valid.name,
        email: valid.email,
        phone: '4155550142',
        website: 'acme.com',
        message: valid.message,
        formName: 'Talk to Expert query',
        ipAddress: '203.0.113.7',
        location: null,
        requestId: null,
      },
    })
  })

  it('refuses a line break in a one-line field, naming the field', () => {
    expect(parseLeadRequest({ ...valid, name: 'Dana\nEmail:    forged@evil.example' })).toEqual({
      kind: 'invalid',
      errors: { name: m.notOneLine },
    })
  })

  it('keeps what the page adds on one line', () => {
    const parsed = parseLeadRequest({
      ...valid,
      query: 'Talk\nEmail:    forged@evil.example',
      ip_address: '203.0.113.7\r\n',
      location: { city: 'Austin\u2028Phone: 0', country: 'US' },
    })
    expect(parsed).toMatchObject({
      kind: 'lead',
      lead: {
        formName: 'Talk Email:    forged@evil.example',
        ipAddress: '203.0.113.7',
        location: { city: 'Austin Phone: 0', country: 'US' },
      },
    })
  })
})
