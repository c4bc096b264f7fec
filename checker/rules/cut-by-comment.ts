import { isScalar, parseDocument, Scalar, type Document } from 'yaml'
import { reporter, type Explained } from '../errors.ts'
import { entryOf } from '../map-entry.ts'
import type { YamlSource } from '../yaml-source.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

const messages = {
  CutByComment: (kept: string, cut: string): Explained => ({
    message: `reads as "${kept}": in YAML " #" starts a comment, so "${cut}" never reaches the page`,
    hint: `Put the whole value in double quotes: "${`${kept} ${cut}`.replace(/["\\]/g, '\\$&')}". If the words after # are a note, put them on a line of their own.`,
  }),
}

const problem = reporter(messages)

/** A `#` after a space, following something on its line: a comment after a value, or text YAML takes for one. */
const COMMENT_AFTER_TEXT = /[^\s#][ \t]+#/

/** Each file's text parsed again with its nodes' places, only when some line holds a comment after text. */
const documents = new WeakMap<YamlSource, Document | null>()
const documentOf = (source: YamlSource): Document | null =>
  entryOf(documents, source, () =>
    source.text !== undefined && COMMENT_AFTER_TEXT.test(source.text) ? parseDocument(source.text) : null,
  )

/** A text cut to its last (`from: 'end'`) or first characters for a message. */
const shorten = (text: string, from: 'start' | 'end') =>
  text.length <= 60 ? text : from === 'end' ? '…' + text.slice(text.length - 59) : text.slice(0, 59) + '…'

/**
 * An unquoted value cut short by a comment: after a space, `#` starts a comment in YAML, so
 * `title2: rated #1 for production AI` reads as "rated" and the rest of the line is lost. Found on
 * the value's node: written plain, and followed on its line by a comment.
 */
export const cutByComment = defineFileRule({
  name: 'cut-by-comment',
  stage: 'content',
  kinds: ALL_KINDS,
  messages,
  leaf({ path, role }, { source, at }) {
    if (role === 'image') return undefined
    const doc = documentOf(source)
    const node = doc?.getIn(path, true)
    if (!isScalar(node) || node.type !== Scalar.PLAIN || !node.range || source.text === undefined) return undefined
    const text = source.text
    const end = node.range[1]
    const lineEnd = text.indexOf('\n', end)
    const rest = text.slice(end, lineEnd < 0 ? text.length : lineEnd)
    if (!/^[ \t]+#/.test(rest)) return undefined
    const kept = text.slice(node.range[0], end).replace(/\s+/g, ' ')
    return [problem('CutByComment', at(path), shorten(kept, 'end'), shorten(rest.trim(), 'start'))]
  },
  docs: {
    CutByComment: {
      means:
        'A value written without quotes holds " #". YAML reads everything from there to the end of the line as a comment, so the page shows only the words before it.',
      example: ['rated', '#1 for production AI'],
    },
  },
})
