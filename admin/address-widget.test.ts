import { describe, expect, it } from 'vitest'
import { PAGE_FILE_NAME } from '../checker/rules/page-addresses.ts'
import { addressFrom, addressProblem } from './address-widget.ts'
import { entryFileText } from './format.ts'

describe("a new page's address", () => {
  it.each(['ai-consulting-in-denver', 'ai-2026', 'x'])('takes %s', (address) => {
    expect(addressProblem(address)).toBeUndefined()
    // Every address the form takes is a file name the check takes.
    expect(PAGE_FILE_NAME.test(address)).toBe(true)
  })

  it.each([
    ['AI Consulting in Denver', 'write ai-consulting-in-denver'],
    ['ai--consulting', 'write ai-consulting'],
    ['-ai-', 'write ai'],
    ['Zürich AI', 'write zurich-ai'],
    ['ai/denver', 'write ai-denver'],
  ])('refuses %s, saying what to write', (typed, fix) => {
    expect(addressProblem(typed)).toContain(fix)
  })

  it('asks for one when it is empty', () => {
    expect(addressProblem('  ')).toMatch(/^Give the page its address/)
  })

  it('makes the address Decap would make of the same words', () => {
    expect(addressFrom('  Équipe: AI & Data ')).toBe('equipe-ai-data')
  })

  it('is the file name, never written into the file', () => {
    const page = { metaTitle: 'AI in Denver', label: 'AI in Denver' }
    expect(entryFileText('pages', { address: 'ai-in-denver', ...page })).toBe(entryFileText('pages', page))
    expect(entryFileText('pages', { address: 'ai-in-denver', ...page })).not.toContain('ai-in-denver')
  })
})
