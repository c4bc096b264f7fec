/**
 * A landing page's address in the form: a new page gets it here, lower case words joined by hyphens
 * (Decap writes file names in lower case), which become its file name and /ai/<address>. A saved
 * page's address is only shown: moving a page needs a redirect.
 */
import { pageNameFor } from '../checker/rules/page-addresses.ts'
import type { CmsReact, ControlProps } from './decap.ts'
import { NOTE_STYLE, PROBLEM_STYLE } from './text-widget.ts'

interface AddressControl {
  props: ControlProps
}

/** A new page's address: lower case letters and digits in words joined by single hyphens. */
const NEW_PAGE_ADDRESS = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** What a typed address would become: the check's page name for it, in lower case. */
export const addressFrom = (text: string) => pageNameFor(text).toLowerCase()

/** Why `address` cannot be a new page's address, with the one it could be; undefined when it can. */
export function addressProblem(address: string): string | undefined {
  if (NEW_PAGE_ADDRESS.test(address)) return undefined
  if (!address.trim()) return 'Give the page its address: lower case words joined by hyphens, such as ai-consulting-in-denver.'
  const suggestion = addressFrom(address)
  return `Lower case letters, digits and single hyphens only${suggestion ? `: write ${suggestion}` : ''}.`
}

export function addressWidget({ h, createClass }: CmsReact) {
  const isNew = (props: ControlProps) => props.entry.get('newRecord') === true
  const control = createClass({
    getDefaultProps: () => ({ value: '' }),
    /** Decap asks before a save: a new page needs an address that can be a file name. */
    isValid(this: AddressControl) {
      if (!isNew(this.props)) return true
      const problem = addressProblem(String(this.props.value ?? ''))
      return problem ? { error: { type: 'CUSTOM', message: problem } } : true
    },
    render(this: AddressControl) {
      const { forID, classNameWrapper, setActiveStyle, setInactiveStyle, onChange, entry } = this.props
      if (!isNew(this.props))
        return h(
          'p',
          { id: forID, style: { ...NOTE_STYLE, fontSize: '14px' } },
          h('strong', null, `/ai/${String(entry.get('slug'))}`),
          ' — a saved page keeps its address. To move it, ask a developer: the old address needs a redirect.',
        )
      const value = String(this.props.value ?? '')
      const problem = value ? addressProblem(value) : undefined
      return h(
        'div',
        null,
        h('input', {
          id: forID,
          className: classNameWrapper,
          type: 'text',
          value,
          placeholder: 'ai-consulting-in-denver',
          'aria-describedby': `${forID}-note`,
          'aria-invalid': problem ? 'true' : undefined,
          onChange: (event: { target: { value: string } }) => onChange(event.target.value),
          onFocus: setActiveStyle,
          onBlur: setInactiveStyle,
        }),
        h(
          'p',
          { id: `${forID}-note`, style: problem ? PROBLEM_STYLE : NOTE_STYLE, 'aria-live': 'polite' },
          problem ??
            (value
              ? `The page will be at /ai/${value}. It stays there once saved.`
              : 'Lower case words joined by hyphens, such as ai-consulting-in-denver: the page will be at /ai/ and this address.'),
        ),
      )
    },
  })
  return { control }
}
