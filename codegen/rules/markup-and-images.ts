import { closest } from '../closest.ts'
import { problem, type Problem } from '../errors.ts'
import { markupLinks, nestingProblems, TOO_DEEP, unsafeMarkupChanges } from '../markup.ts'
import type { SiteIndex } from '../site-index.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

const IMAGE_PATH = /^\/images\//

/** Route-level rules of a site-relative link: /ai/<page>, /blog, /blog/<post>, /thank-you, /. */
function brokenInternalLink(href: string, index: SiteIndex): { suggestion?: string } | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined
  const path = href.split(/[?#]/)[0].replace(/\/+$/, '') || '/'
  if (index.routes.has(path)) return undefined
  return { suggestion: closest(path, index.routes) }
}

/**
 * The fields the schema marks as markup or as an image path: markup the browser would restructure
 * or the sanitizer change, links to pages the site does not have, images public/ does not hold.
 */
export const markupAndImages = defineFileRule({
  name: 'markup-and-images',
  scope: 'file',
  stage: 'content',
  kinds: ALL_KINDS,
  reports: ['IllegalNesting', 'UnsafeMarkup', 'BrokenLink', 'MissingImage'],
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
    for (const href of markupLinks(text)) {
      const broken = brokenInternalLink(href, index)
      if (broken) problems.push(problem('BrokenLink', at(path), href, broken.suggestion))
    }
    return problems
  },
  docs: {
    BrokenLink: {
      means: 'A link inside the site points to a page that does not exist.',
      example: ['/ai/Ai-Developement', '/ai/Ai-Development'],
    },
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
