import { describe, expect, it } from 'vitest'
import { markupAndImages } from './markup-and-images.ts'
import { fileRuleProblems } from './testing.ts'

const check = (text: string) => fileRuleProblems(markupAndImages, text).map((p) => [p.name, p.field, p.message])

describe('markup and image fields', () => {
  // [what, page text, problems as name, field, message]
  it.each([
    [
      'a link off the site written as //host, said by the link-addresses rule (and a page that does not exist, judged across files)',
      'descriptionOne: [\'<b>x</b> <a href="/blog">ok</a> <a href="/ai/Nope">no</a> <a href="//evil.example">x</a>\']\n',
      [],
    ],
    [
      'a tag removed beside an address the sanitizer removes: only the tag',
      'descriptionOne: [\'<a href="//evil.example" onclick="x()">x</a>\']\n',
      [['UnsafeMarkup', 'descriptionOne[0]', 'markup would be changed by the sanitizer: onclick on <a>']],
    ],
    [
      'markup nested past the cap, which never reaches the sanitizer',
      `descriptionOne: ["${'<b>'.repeat(40)}<script>x</script>"]\n`,
      [
        ['IllegalNesting', 'descriptionOne[0]', 'markup nests illegally: markup nests more than 32 levels deep'],
        ['IllegalNesting', 'descriptionOne[0]', 'markup nests illegally: the <b> before "x" is never closed'],
      ],
    ],
    [
      'an image public/ does not hold',
      'img1: {src: /images/nope.svg, alt: x}\n',
      [['MissingImage', 'img1.src', 'image /images/nope.svg does not exist']],
    ],
    // Fields that are neither markup nor an image path are the schema's to judge.
    ['markup in a plain-text field', 'label: "<script>x</script>"\n', []],
    ['an image path outside /images/', 'img1: {src: images/nope.svg, alt: x}\n', []],
    [
      'the images and links the site has',
      'img1: {src: /images/pages/placeholder.svg, alt: x}\ndescriptionOne: [\'<a href="/ai/Ai-Development#top">x</a>\']\n',
      [],
    ],
  ])('%s', (_what, text, expected) => {
    expect(check(text)).toEqual(expected)
  })

  it('suggests the image meant', () => {
    const problems = fileRuleProblems(markupAndImages, 'img1: {src: /images/pages/placeholdr.svg, alt: x}\n')
    expect(problems.map((p) => p.hint)).toEqual(['did you mean /images/pages/placeholder.svg?'])
  })
})
