import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkSource } from './checker.ts'
import type { SiteIndex } from './site-index.ts'
import { expandTerms } from './terms.ts'
import { parseYamlSource } from './yaml-source.ts'

const valid = readFileSync('codegen/__fixtures__/pages/valid.yaml', 'utf8')
const index: SiteIndex = {
  routes: new Set(['/', '/blog', '/ai/Ai-Development']),
  imageExists: (src) => src === '/images/pages/placeholder.svg' || src === '/images/pages/insurance-ai.svg',
}
const FILE = 'content/pages/x.yaml'

/** Every check a page gets, terms first, as the content check runs them. */
function checkPage(text: string, terms: Record<string, string> = {}) {
  const source = parseYamlSource(text, FILE)
  const termProblems = source.problems.length === 0 ? expandTerms(source, terms) : []
  return termProblems.length > 0 ? termProblems : checkSource(source, 'page', index)
}

describe('characters that are never text, typed as themselves', () => {
  it.each([
    ['a line separator', 'title1: Fixture\u2028title', 6, 16],
    ['a right-to-left override', 'title1: Fixture \u202Etitle', 6, 17],
    ['a noncharacter', 'title1: Fixture \uFFFFtitle', 6, 17],
    ['a control character in a comment', 'title1: Fixture title # \u0007', 6, 25],
  ])('%s is reported at its exact place in the file', (_what, line, row, column) => {
    const problems = checkPage(valid.replace('title1: Fixture title', line))
    expect(problems).toEqual([expect.objectContaining({ name: 'InvalidCharacter', line: row, column, field: '' })])
    expect(problems[0].message).toMatch(/^the file holds /)
  })
})
