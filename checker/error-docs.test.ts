import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { catalogue, errorReference, withErrorReference } from './error-docs.ts'

describe('the editors’ error reference', () => {
  const doc = readFileSync('docs/editing.md', 'utf8')

  it('in docs/editing.md is what the catalogue generates now (run npm run docs:errors after changing the catalogue)', () => {
    expect(withErrorReference(doc)).toBe(doc)
  })

  it('explains every error of the catalogue with an example message', () => {
    const reference = errorReference()
    for (const name of Object.keys(catalogue())) expect(reference).toMatch(new RegExp(`### ${name}\\n\\n.+\\n\\nExample: \``))
  })
})
