import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { pageProblems } from './rules/testing.ts'

const valid = readFileSync('checker/__fixtures__/pages/valid.yaml', 'utf8')

describe('characters that are never text, typed as themselves', () => {
  it.each([
    ['a line separator', 'title1: Fixture\u2028title', 6, 16],
    ['a right-to-left override', 'title1: Fixture \u202Etitle', 6, 17],
    ['a noncharacter', 'title1: Fixture \uFFFFtitle', 6, 17],
    ['a control character in a comment', 'title1: Fixture title # \u0007', 6, 25],
  ])('%s is reported at its exact place in the file', (_what, line, row, column) => {
    const problems = pageProblems(valid.replace('title1: Fixture title', line))
    expect(problems).toEqual([expect.objectContaining({ name: 'InvalidCharacter', line: row, column, field: '' })])
    expect(problems[0].message).toMatch(/^the file holds /)
  })
})
