import { describe, expect, it } from 'vitest'
import { fieldName, type FieldPath } from './field-names.ts'

describe('fieldName', () => {
  it.each<[FieldPath, string]>([
    [['faqs', 5, 'answer'], 'FAQ 6, answer'],
    [['faqs', 5, 'answer', 1], 'FAQ 6, answer, paragraph 2'],
    [['faqs', 0], 'FAQ 1'],
    [['services', 2, 'benefits', 0], 'Service 3, benefit 1'],
    [['our_steps2', 1, 'desc'], 'Steps, second row, step 2, description'],
    [['descriptionOne', 1], 'Opening text, paragraph 2'],
    [['metaTitle'], 'Browser-tab title (metaTitle)'],
    [['img1', 'alt'], 'Picture 1, picture description (alt)'],
    [['nav', 2, 'label'], 'Menu item 3, label'],
    [['labels', 'talkToExpert'], 'Labels, talk to expert'],
  ])('%j is "%s"', (path, name) => {
    expect(fieldName(path)).toBe(name)
  })

  it('numbers from 1 and names an unknown key in words', () => {
    expect(fieldName(['someNew_field', 0, 'innerKey'])).toBe('Some new field, item 1, inner key')
  })
})
