import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BANNER, generateContentTypes, generatePageRoutes } from './generate.ts'
import { writeFileAtomic } from './write-atomic.ts'

const pages = [
  { route: '/ai/b-page', file: 'content/pages/b-page.yaml', data: { label: 'B', category: 'location' } },
  { route: '/ai/A-Page', file: 'content/pages/A-Page.yaml', data: { label: 'A "quoted"', category: 'service' } },
]

describe('codegen', () => {
  it('writes the same route manifest for the same pages, whatever their order', async () => {
    const first = await generatePageRoutes(pages)
    expect(await generatePageRoutes([...pages].reverse())).toBe(first)
    expect(first.startsWith(BANNER)).toBe(true)
    expect(first).not.toMatch(/\d{4}-\d{2}-\d{2}T/)
    expect(first.indexOf('/ai/A-Page')).toBeLessThan(first.indexOf('/ai/b-page'))
    expect(first).toContain('load: () => import("page-data:A-Page")')
    expect(first).toContain('label: "A \\"quoted\\""')
  })

  it('generates byte-identical types from the schemas on every run', async () => {
    const [a, b] = [await generateContentTypes(), await generateContentTypes()]
    expect(a).toBe(b)
    expect(a.startsWith(BANNER)).toBe(true)
    for (const type of ['Page', 'Site', 'Blog', 'Projects', 'ContentImage', 'Service', 'Faq', 'MarkupNode']) {
      expect(a).toMatch(new RegExp(`export (interface|type) ${type}\\b`))
    }
    // A $ref with a description beside it must not produce a second copy of the referenced type.
    expect(a).not.toMatch(/ContentImage1|Markup1/)
  })

  it('writes atomically and leaves an unchanged file untouched', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'codegen-')), 'out.ts')
    expect(writeFileAtomic(file, 'one')).toBe(true)
    const before = statSync(file).mtimeMs
    expect(writeFileAtomic(file, 'one')).toBe(false)
    expect(statSync(file).mtimeMs).toBe(before)
    expect(writeFileAtomic(file, 'two')).toBe(true)
    expect(readFileSync(file, 'utf8')).toBe('two')
  })
})
