/**
 * The plain-text widget of every text field: an input or text area with a live count of the characters
 * a visitor reads, and the field's rule (text-rules.ts) as Decap's validation. Made with the CMS's own
 * React, as Decap renders widgets in its tree.
 */
import type { CmsReact, ControlProps } from './decap.ts'
import { lengthNote, textProblem, type TextRule } from './text-rules.ts'

interface TextControl {
  props: ControlProps
}

/** The note under a field, and the same note naming a problem. */
export const NOTE_STYLE = { font: '12px/1.4 system-ui, sans-serif', margin: '4px 2px 0', color: '#5b6270' }
export const PROBLEM_STYLE = { ...NOTE_STYLE, color: '#b3261e', fontWeight: '600' }

/** The field's rule as admin/config.yml gives it. */
function ruleOf(field: ControlProps['field']): TextRule {
  const limits = field.get('length') as { toJS(): [number | null, number | null] } | undefined
  const [min, max] = limits?.toJS() ?? [null, null]
  const format = field.get('format') as { toJS(): [string, string] } | undefined
  return { min: min ?? undefined, max: max ?? undefined, format: format?.toJS(), plain: field.get('plain') === true }
}

export function textWidget({ h, createClass }: CmsReact, siteTerms: Readonly<Record<string, string>>) {
  /** Pages and posts have their terms inserted; site.yaml, which holds their wording, none. */
  const termsOf = (field: ControlProps['field']) => (field.get('inserts_terms') === true ? siteTerms : {})
  const control = createClass({
    getDefaultProps: () => ({ value: '' }),
    /** Decap asks before a save: a message names the rule that failed. */
    isValid(this: TextControl) {
      const { field } = this.props
      const message = textProblem(String(this.props.value ?? ''), ruleOf(field), termsOf(field))
      return message ? { error: { type: 'CUSTOM', message } } : true
    },
    render(this: TextControl) {
      const { forID, classNameWrapper, setActiveStyle, setInactiveStyle, onChange, field } = this.props
      const value = String(this.props.value ?? '')
      const rule = ruleOf(field)
      const terms = termsOf(field)
      const problem = textProblem(value, rule, terms)
      const note = lengthNote(value, rule, terms)
      const multiline = field.get('multiline') === true
      return h(
        'div',
        null,
        h(multiline ? 'textarea' : 'input', {
          id: forID,
          className: classNameWrapper,
          value,
          // A text area takes the form's font, not the browser's monospace.
          ...(multiline
            ? { rows: Math.min(8, Math.max(2, Math.ceil(value.length / 70))), style: { fontFamily: 'inherit' } }
            : { type: 'text' }),
          'aria-describedby': `${forID}-note`,
          'aria-invalid': problem ? 'true' : undefined,
          onChange: (event: { target: { value: string } }) => onChange(event.target.value),
          onFocus: setActiveStyle,
          onBlur: setInactiveStyle,
        }),
        note || problem
          ? h('p', { id: `${forID}-note`, style: problem ? PROBLEM_STYLE : NOTE_STYLE, 'aria-live': 'polite' }, problem ?? note)
          : null,
      )
    },
  })
  return { control }
}
