import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseDocument } from 'yaml'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../codegen/content.ts'
import { newPage } from './new-page.ts'

/** A copy of the content, schema and images, so pages can be added without touching the repository. */
function sandbox(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'new-page-'))
  for (const dir of ['content', 'schema', 'public']) cpSync(dir, path.join(root, dir), { recursive: true })
  return root
}

describe('npm run new:page', () => {
  it('writes a page the check rejects only for its placeholders, one per field to fill', () => {
    const root = sandbox()
    const { file, text } = newPage(root, 'ai-consulting-denver', 'location')
    expect(file).toBe('content/pages/ai-consulting-denver.yaml')
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schema/page.schema.json')
    const problems = loadContent(root).problems
    expect(problems.length).toBeGreaterThan(10)
    expect(new Set(problems.map((p) => p.name))).toEqual(new Set(['Placeholder']))
    expect(problems.every((p) => p.file === file && p.line > 1)).toBe(true)
  })

  it('passes the check once every placeholder is filled', () => {
    const root = sandbox()
    const { file } = newPage(root, 'ai-consulting-denver', 'location')
    const doc = parseDocument(readFileSync(path.join(root, file), 'utf8'))
    let n = 0
    // An editor's real copy: unique per field, long enough for each field's minimum.
    const fill = (node: unknown): unknown => {
      if (typeof node === 'string' && node.startsWith('TODO:')) {
        n += 1
        return `Denver field ${n} ${'with real copy for the page about AI consulting in Denver '.repeat(3)}`
          .slice(0, node.length)
          .trim()
      }
      if (Array.isArray(node)) return node.map(fill)
      if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, fill(v)]))
      return node
    }
    const filled = fill(doc.toJS()) as Record<string, unknown>
    filled.metaDescription =
      'AI consulting for Denver companies: strategy, pilots in 4-6 weeks and production systems, from a team that works on Mountain time overlap.'
    writeFileSync(
      path.join(root, file),
      `# yaml-language-server: $schema=../../schema/page.schema.json\n${JSON.stringify(filled, null, 2)}\n`,
    )
    expect(loadContent(root).problems).toEqual([])
  })

  it.each([
    ['Bad Name', 'location', /cannot be a page address/],
    ['ai-consulting-denver', 'city', /unknown category 'city': use one of service, industry, location/],
    ['Ai-Development', 'service', /already exists/],
    ['ai-development', 'service', /differs only in letter case/],
  ])('refuses %s --category %s', (route, category, message) => {
    expect(() => newPage(sandbox(), route, category)).toThrow(message)
  })
})
