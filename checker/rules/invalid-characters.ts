import { describeCharacter, firstForbiddenCharacter } from '../characters.ts'
import { problem } from '../errors.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

/**
 * Characters that are never text, in the parsed data, field names included: written as escapes in
 * double quotes ("\0", "\r", "\uFEFF", "\N", "\L", "\u202E", "\ud800") they are not in the file's
 * text, where the parser looks for them. Run on what a visitor gets, after terms are inserted; one
 * problem per field, at the field.
 */
export const invalidCharacters = defineFileRule({
  name: 'invalid-characters',
  stage: 'shape',
  kinds: ALL_KINDS,
  messages: {},
  keys: true,
  leaf({ path, text, part }, file) {
    const bad = firstForbiddenCharacter(text)
    if (!bad) return undefined
    const what = `${describeCharacter(bad.char)} at character ${bad.position}`
    return [problem('InvalidCharacter', file.at(path, part), what, part === 'key' ? 'field name' : 'text')]
  },
})
