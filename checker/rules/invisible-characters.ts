import { describeInvisible, invisibleCharacters, isOddSpace } from '../characters.ts'
import { reporter, type Explained } from '../errors.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

const messages = {
  InvisibleCharacter: (what: string, where: string, more: number, space: boolean): Explained => ({
    message: `the text holds ${what} ${where}: invisible on the page, but it stays in the text${more > 0 ? ` (and ${more} more like it)` : ''}`,
    hint: `${
      space ? 'Delete that space and type an ordinary one.' : 'Delete it: retype the words around it.'
    } It comes with text pasted from a word processor or a web page; paste as plain text (Ctrl+Shift+V) to leave such characters out. Written as an escape in double quotes (such as \\u00A0 or \\u200B), delete the escape.`,
  }),
}

const problem = reporter(messages)

/** Where a character sits, told by the words beside it. */
function whereIn(text: string, index: number): string {
  const before = text.slice(0, index).split(/\s+/).slice(-3).join(' ').slice(-25)
  const after = text
    .slice(index + 1)
    .split(/\s+/)
    .slice(0, 3)
    .join(' ')
    .slice(0, 25)
  if (!before.trim()) return after ? `at the start, before "${after}"` : 'as the whole text'
  if (!after.trim()) return `at the end, after "${before}"`
  return `between "${before}" and "${after}"`
}

/**
 * Plain-text fields hold no invisible characters: a zero-width space, soft hyphen or no-break space
 * pasted from a word processor cannot be seen, yet it splits a word for search and screen readers
 * or keeps a title from wrapping. Markup fields may mean a no-break space (&nbsp;), so they are left
 * alone; characters that are never text are the invalid-characters rule's.
 */
export const invisibleCharactersRule = defineFileRule({
  name: 'invisible-characters',
  stage: 'content',
  kinds: ALL_KINDS,
  messages,
  leaf({ path, text, role }, { at }) {
    if (role !== undefined) return undefined
    const found = invisibleCharacters(text)
    if (found.length === 0) return undefined
    const [first] = found
    const what = describeInvisible(first.char)
    return [problem('InvisibleCharacter', at(path), what, whereIn(text, first.index), found.length - 1, isOddSpace(first.char))]
  },
  docs: {
    InvisibleCharacter: {
      means:
        'A plain-text field holds a character that shows as nothing or as an ordinary space: a zero-width space, a soft hyphen, a no-break space. It comes with text pasted from a word processor or a web page, and splits words for search engines and screen readers.',
      example: ['a zero-width space (U+200B)', 'between "AI" and "Consulting"', 0, false],
    },
  },
})
