import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { OFF_PAGE, sectionOf } from '../form-editor/fields.ts'
import { cropTargetOf, pictureTarget } from './sections.ts'

const PAGE = 'content/pages/Ai-Development.yaml'
const pageFields = Object.keys(
  (JSON.parse(readFileSync('schema/page.schema.json', 'utf8')) as { properties: Record<string, unknown> }).properties,
)

describe('cropTargetOf', () => {
  it('pictures every field of a landing page a visitor sees, and none the field map marks off the page', () => {
    const offPage = pageFields.filter((field) => sectionOf('page', [field]) === OFF_PAGE)
    expect(offPage).toEqual(['metaTitle', 'metaDescription', 'label', 'category', 'audience'])
    const unplaced = pageFields.filter(
      (field) => !offPage.includes(field) && !cropTargetOf('/ai/Ai-Development', PAGE, [field], {}),
    )
    expect(unplaced).toEqual([])
    for (const field of offPage) expect(cropTargetOf('/ai/Ai-Development', PAGE, [field], {})).toBeUndefined()
    expect(cropTargetOf('/ai/Ai-Development', PAGE, ['audience', 'places', 0], {})).toBeUndefined()
  })

  it('places a field inside a list in the section of its list', () => {
    expect(cropTargetOf('/ai/x', PAGE, ['services', 1, 'benefits', 0], {})?.key).toBe('services')
    expect(cropTargetOf('/ai/x', PAGE, ['img2', 'alt'], {})?.key).toBe('block-2')
  })

  it('crops one FAQ item alone, numbered as the reader counts', () => {
    expect(cropTargetOf('/ai/Ai-Development', PAGE, ['faqs', 5, 'answer'], {})).toEqual({
      key: 'faq-6',
      label: 'FAQ 6',
      selector: 'section[aria-labelledby="faq-title"] .faq__item >> nth=5',
    })
  })

  it('finds the third text block second when the second block is empty', () => {
    expect(cropTargetOf('/ai/x', PAGE, ['descriptionThree', 0], { descriptionTwo: [] })?.selector).toBe(
      'section.intro--more >> nth=0',
    )
    expect(cropTargetOf('/ai/x', PAGE, ['descriptionThree', 0], { descriptionTwo: ['p'] })?.selector).toBe(
      'section.intro--more >> nth=1',
    )
  })

  it("places site.yaml's menu in the header, to be opened on phones, and a post on its page", () => {
    expect(cropTargetOf('/', 'content/site.yaml', ['nav', 1, 'label'], {})).toMatchObject({ key: 'menu', inMenu: true })
    expect(cropTargetOf('/', 'content/site.yaml', ['labels', 'x'], {})).toBeUndefined()
    expect(cropTargetOf('/blog/x', 'content/blogs/x.yaml', ['title'], {})?.selector).toBe('article.blog-post')
    expect(cropTargetOf('/ai/y', 'content/blogs/x.yaml', ['title'], {})?.key).toBe('recent-blogs')
    expect(cropTargetOf('/blog/x', 'content/blogs/x.yaml', ['meta_title'], {})).toBeUndefined()
  })

  it('finds a picture by its address', () => {
    expect(pictureTarget('/images/pages/a b.svg')).toEqual({
      key: 'picture-images-pages-a-b-svg',
      label: 'Picture /images/pages/a b.svg',
      selector: 'section:has(img[src="/images/pages/a b.svg"]) >> nth=0',
    })
  })
})
