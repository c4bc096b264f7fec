import { reporter, type Explained } from '../errors.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

/** What this rule reports, and the hint for each: its part of the catalogue. */
const messages = {
  Placeholder: (text: string): Explained => ({
    message: `still holds placeholder text: "${text.length > 70 ? text.slice(0, 67) + '…' : text}"`,
    hint: 'Replace the whole value, including "TODO:", with the real copy; the placeholder says what belongs here.',
  }),
}

const problem = reporter(messages)

/** The marker `npm run new:page` writes into every field an editor still has to fill. */
export const PLACEHOLDER = 'TODO:'

/** Every text still holding the placeholder marker, so a half-written page cannot be merged. */
export const placeholders = defineFileRule({
  name: 'placeholders',
  scope: 'file',
  stage: 'content',
  kinds: ALL_KINDS,
  messages,
  leaf: ({ path, text }, { at }) => (text.includes(PLACEHOLDER) ? [problem('Placeholder', at(path), text)] : undefined),
  docs: {
    Placeholder: {
      means: 'A field still holds the "TODO:" text a new page starts with.',
      example: ['TODO: The browser tab and search-result title.'],
    },
  },
})
