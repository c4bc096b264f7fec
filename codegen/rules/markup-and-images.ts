import { closest } from '../closest.ts'
import { problem, type Problem } from '../errors.ts'
import { nestingProblems, TOO_DEEP, unsafeMarkupChanges } from '../markup.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

const IMAGE_PATH = /^\/images\//

/**
 * The fields the schema marks as markup or as an image path: markup the browser would restructure
 * or the sanitizer change, images public/ does not hold. Where its links lead is judged across all
 * files, by the internal-links rule.
 */
export const markupAndImages = defineFileRule({
  name: 'markup-and-images',
  scope: 'file',
  stage: 'content',
  kinds: ALL_KINDS,
  reports: ['IllegalNesting', 'UnsafeMarkup', 'MissingImage'],
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
    const changes = unsafeMarkupChanges(text)
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
