import { describe, expect, it } from 'vitest'
import { cycledIcon, twoDigits } from './numbering'

describe('numbering', () => {
  it('pads to two digits', () => expect([1, 8, 10].map(twoDigits)).toEqual(['01', '08', '10']))
  it('cycles the icon set', () => {
    const icons = ['a', 'b', 'c']
    expect([0, 1, 2, 3, 4, 7].map((i) => cycledIcon(icons, i))).toEqual(['a', 'b', 'c', 'a', 'b', 'b'])
  })
})
