import { closest } from '../closest.ts'
import { reporter, type Problem, type Explained } from '../errors.ts'
import { nestingProblems, TOO_DEEP, unsafeMarkupChanges } from '../markup.ts'
import { isHrefRemoval } from './link-addresses.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

const messages = {
  IllegalNesting: (detail: string): Explained => {
    // A tag left open is named by the detail (markup.ts): the fix is its closing tag.
    const open = /^the <(\w+)> .*? is (?:not closed before (<\/\w+>|the next <\w+>)|never closed)$/.exec(detail)
    return {
      message: `markup nests illegally: ${detail}`,
      hint: open
        ? `Add </${open[1]}> where its text ends${open[2] ? `, before ${open[2]}` : ''}: tags close in the reverse order they open, as in <p><b>bold</b> text</p>.`
        : 'A list or paragraph cannot sit inside a paragraph or a bold/link: make it a separate item of the list.',
    }
  },
  UnsafeMarkup: (removed: string): Explained => ({
    message: `markup would be changed by the sanitizer: ${removed}`,
    hint: 'Only <b>, <strong>, <i>, <em>, <a href>, <br>, <p>, <ul>, <ol> and <li> are allowed; links must start with https://, http://, mailto:, tel: or /.',
  }),
  MissingImage: (src: string, suggestion?: string): Explained => ({
    message: `image ${src} does not exist`,
    hint: suggestion ? `did you mean ${suggestion}?` : 'Add the file under public/images, or fix the path.',
  }),
}

const problem = reporter(messages)

const IMAGE_PATH = /^\/images\//

/**
 * The fields the schema marks as markup or as an image path: markup the browser would restructure
 * or the sanitizer change, images public/ does not hold. Where its links lead is judged across all
 * files, by the internal-links rule.
 */
export const markupAndImages = defineFileRule({
  name: 'markup-and-images',
  stage: 'content',
  kinds: ALL_KINDS,
  messages,
  leaf({ path, text, role }, { at, index }) {
    if (role === 'image')
      return IMAGE_PATH.test(text) && !index.imageExists(text)
        ? [problem('MissingImage', at(path), text, closest(text, index.images ?? []))]
        : undefined
    if (role !== 'markup') return undefined
    const problems: Problem[] = []
    const nesting = nestingProblems(text)
    for (const detail of nesting) problems.push(problem('IllegalNesting', at(path), detail))
    // Markup nested past the cap never reaches the sanitizer, whose recursion it could exhaust.
    if (nesting.includes(TOO_DEEP)) return problems
    // A link's address the sanitizer removes is the link-addresses rule's, said there with its fix.
    const changes = unsafeMarkupChanges(text).filter((removed) => !isHrefRemoval(removed))
    if (changes.length > 0) problems.push(problem('UnsafeMarkup', at(path), changes.join(', ')))
    return problems
  },
  docs: {
    MissingImage: { means: 'The image path names a file that is not in public/images.', example: ['/images/pages/hero.svg'] },
    UnsafeMarkup: {
      means:
        'The text carries markup that is not allowed (scripts, event handlers, unsafe links, other tags); the site would remove it.',
      example: ['<img onerror>'],
    },
    IllegalNesting: {
      means: 'Markup is nested in a way the browser would rearrange, such as a list inside a paragraph or bold text.',
      example: ['<ul> inside <p>'],
    },
  },
})
