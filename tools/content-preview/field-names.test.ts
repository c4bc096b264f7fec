import { describe, expect, it } from 'vitest'
import type { ContentKind } from '../../checker/schemas.ts'
import { fieldName, type FieldPath } from './field-names.ts'

describe('fieldName', () => {
  it.each<[ContentKind, FieldPath, string]>([
    ['page', ['faqs', 5, 'answer'], 'FAQ 6, answer'],
    ['page', ['faqs', 0], 'FAQ 1'],
    ['page', ['services', 2, 'benefits', 0], 'Service card 3, benefit 1'],
    ['page', ['our_steps2', 1, 'desc'], 'Process steps, second row, step 2, text'],
    ['page', ['descriptionOne', 1], 'Hero paragraphs, paragraph 2'],
    ['page', ['areas_of_specialization', 'items', 0, 'title'], 'Areas of specialization, area card 1, title'],
    ['page', ['metaTitle'], 'Search title (browser tab)'],
    ['page', ['img1', 'alt'], 'Hero image, alt text (what the image shows)'],
    ['page', ['integrations', 0, 'img'], 'Integration 1, icon (SVG)'],
    ['blog', ['description', 2], 'Post text, paragraph 3'],
    ['site', ['nav', 2, 'label'], 'Menu item 3, label'],
    ['site', ['labels', 'talkToExpert'], 'Interface words, talk to expert'],
  ])('%s %j is "%s"', (kind, path, name) => {
    expect(fieldName(path, kind)).toBe(name)
  })

  it('numbers from 1 and names an unknown key in words, keeping the list before its generic item', () => {
    expect(fieldName(['someNew_field', 0, 'innerKey'], 'page')).toBe('Some new field, item 1, inner key')
    expect(fieldName(['title', 0], undefined)).toBe('Title, item 1')
  })
})
