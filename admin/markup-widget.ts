/**
 * The rich-text widget of description markup: a contenteditable with buttons for exactly what the
 * content check allows, storing the HTML the site reads. Made with the CMS's own React (Decap renders
 * widgets in its tree). The value changes only on an edit: a paragraph only looked at stays as it was.
 */
import type { DOMPurify } from 'dompurify'
import type { CmsReact, ControlProps } from './decap.ts'
import { PURIFY_CONFIG } from '../src/core/markup-html.ts'
import { cleanMarkup, mergeEdit } from './markup-html.ts'

interface Tool {
  label: string
  title: string
  run: () => void
  style?: Record<string, string>
}

const exec = (command: string, value?: string) => document.execCommand(command, false, value)

/** The toolbar: each button one of the allowed tags. */
const TOOLS: Tool[] = [
  { label: 'B', title: 'Bold (<b>)', run: () => exec('bold'), style: { fontWeight: '700' } },
  { label: 'I', title: 'Italic (<i>)', run: () => exec('italic'), style: { fontStyle: 'italic' } },
  {
    label: 'Link',
    title: 'Link (<a href>): a page of this site (/ai/…), https://…, mailto: or tel:',
    run: () => {
      const href = window.prompt('Link address: /ai/Page-Name, https://…, mailto:… or tel:…')
      if (href) exec('createLink', href.trim())
    },
  },
  {
    label: '• List',
    title: 'Bulleted list (<ul><li>): a list is a paragraph of its own',
    run: () => exec('insertUnorderedList'),
  },
  { label: '↵ Line break', title: 'Line break (<br>) inside the paragraph', run: () => exec('insertLineBreak') },
]

const BUTTON_STYLE = {
  font: 'inherit',
  fontSize: '13px',
  padding: '4px 10px',
  marginRight: '6px',
  border: '1px solid #dfdfe3',
  borderRadius: '4px',
  background: '#fff',
  cursor: 'pointer',
}
/**
 * White space collapses as on the page: under `pre-wrap` Chromium's line break is a raw newline in the
 * text, which the page shows as a space, where the editor meant `<br>`.
 */
const EDITOR_STYLE = { minHeight: '3.5em', padding: '12px 16px', outline: 'none', lineHeight: '1.5', whiteSpace: 'normal' }

interface MarkupControl {
  props: ControlProps
  editor: HTMLElement | null
  /** The value this widget last showed or stored: a new value from outside (a reset, a draft) replaces the text. */
  shown: string
  /** The editor's HTML, cleaned, when it showed `shown`: what the next edit is measured against. */
  serialized: string
  show(): void
  store(): void
}

/** One button per tool; the selection stays in the text while a button is pressed. */
const toolbarButtons = (h: CmsReact['h'], use: (tool: Tool) => void) =>
  TOOLS.map((tool) =>
    h(
      'button',
      {
        key: tool.label,
        type: 'button',
        title: tool.title,
        'aria-label': tool.title,
        style: { ...BUTTON_STYLE, ...tool.style },
        onMouseDown: (event: MouseEvent) => event.preventDefault(),
        onClick: () => use(tool),
      },
      tool.label,
    ),
  )

export function markupWidget({ h, createClass }: CmsReact, purify: DOMPurify) {
  const control = createClass({
    getDefaultProps: () => ({ value: '' }),
    componentDidMount(this: MarkupControl) {
      this.show()
    },
    componentDidUpdate(this: MarkupControl) {
      if (String(this.props.value ?? '') !== this.shown) this.show()
    },
    show(this: MarkupControl) {
      this.shown = String(this.props.value ?? '')
      if (!this.editor) return
      this.editor.innerHTML = purify.sanitize(this.shown, PURIFY_CONFIG) as string
      this.serialized = cleanMarkup(purify, this.editor.innerHTML)
    },
    store(this: MarkupControl) {
      if (!this.editor) return
      const edited = cleanMarkup(purify, this.editor.innerHTML)
      // Only the edited part changes: the rest of the paragraph keeps the spelling it had in the file.
      this.shown = mergeEdit(this.shown, this.serialized, edited)
      this.serialized = edited
      this.props.onChange(this.shown)
    },
    render(this: MarkupControl) {
      const { forID, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props
      const buttons = toolbarButtons(h, (tool) => {
        if (!this.editor) return
        this.editor.focus()
        tool.run()
        this.store()
      })
      return h(
        'div',
        { className: classNameWrapper, style: { padding: 0 } },
        h(
          'div',
          { role: 'toolbar', 'aria-label': 'Formatting', style: { padding: '8px 12px', borderBottom: '1px solid #eee' } },
          buttons,
        ),
        h('div', {
          id: forID,
          ref: (element: HTMLElement | null) => {
            this.editor = element
          },
          contentEditable: true,
          suppressContentEditableWarning: true,
          role: 'textbox',
          'aria-multiline': 'true',
          'data-markup-editor': '',
          style: EDITOR_STYLE,
          onInput: () => this.store(),
          onFocus: setActiveStyle,
          onBlur: setInactiveStyle,
          // Enter is a line break: a new paragraph is a new item of the list of paragraphs.
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key !== 'Enter' || document.queryCommandState('insertUnorderedList')) return
            event.preventDefault()
            exec('insertLineBreak')
            this.store()
          },
        }),
      )
    },
  })
  const preview = ({ value }: { value?: unknown }) =>
    h('div', { dangerouslySetInnerHTML: { __html: cleanMarkup(purify, String(value ?? '')) } })
  return { control, preview }
}
