import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseDocument } from 'yaml'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../codegen/content.ts'
import { newPage, parseNewPageArgs, timeZoneFor, USAGE } from './new-page.ts'

/** A copy of the content, schema and images, so pages can be added without touching the repository. */
function sandbox(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'new-page-'))
  for (const dir of ['content', 'schema', 'public']) cpSync(dir, path.join(root, dir), { recursive: true })
  return root
}

describe('npm run new:page', () => {
  it('writes a page the check rejects only for its placeholders, one per field to fill', () => {
    const root = sandbox()
    const { file, text, toFill, timeZone } = newPage(root, 'ai-consulting-denver', 'location')
    expect(file).toBe('content/pages/ai-consulting-denver.yaml')
    // What the command filled in itself is not on the list of fields to fill.
    expect(toFill).not.toContain('category')
    expect(toFill).toEqual(expect.arrayContaining(['metaTitle', 'audience', 'img1', 'services']))
    expect(timeZone).toEqual({ zone: 'America/Denver', listed: true })
    expect(text).toContain('  timeZone: America/Denver\n')
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schema/page.schema.json')
    const problems = loadContent(root).problems
    expect(problems.length).toBeGreaterThan(10)
    expect(new Set(problems.map((p) => p.name))).toEqual(new Set(['Placeholder']))
    expect(problems.every((p) => p.file === file && p.line > 1)).toBe(true)
  }, 30_000)

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
  }, 30_000)

  it.each([
    ['Bad Name', 'location', /cannot be a page address/],
    ['ai-consulting-denver', 'city', /unknown category 'city': use one of service, industry, location/],
    ['Ai-Development', 'service', /already exists/],
    ['ai-development', 'service', /differs only in letter case/],
  ])('refuses %s --category %s', (route, category, message) => {
    expect(() => newPage(sandbox(), route, category)).toThrow(message)
  })
})

describe('the command line of new:page', () => {
  it('refuses an address typed as separate words, in one line that shows the address meant', () => {
    const parsed = parseNewPageArgs(['ai', 'consulting', 'denver', '--category', 'location'])
    expect(parsed).toEqual({
      error: `${USAGE}; the address is one word with hyphens: npm run new:page -- Ai-Consulting-Denver --category location`,
    })
    expect(parseNewPageArgs(['ai consulting denver', '--category=location'])).toEqual(parsed)
    expect(parseNewPageArgs(['Ai-Consulting-Denver', '--category', 'location'])).toEqual({
      route: 'Ai-Consulting-Denver',
      category: 'location',
    })
    expect(parseNewPageArgs(['Ai-Consulting-Denver'])).toEqual({ error: USAGE })
  })

  it('writes no file when the address is typed as separate words', { timeout: 30_000 }, () => {
    const root = sandbox()
    const before = readdirSync(path.join(root, 'content/pages'))
    const tsx = path.resolve('node_modules/.bin/tsx')
    const run = spawnSync(tsx, [path.resolve('tools/new-page.ts'), 'ai', 'consulting', 'denver', '--category', 'location'], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(run.status).toBe(2)
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining('Ai-Consulting-Denver')])
    expect(existsSync(path.join(root, 'content/pages/ai.yaml'))).toBe(false)
    expect(readdirSync(path.join(root, 'content/pages'))).toEqual(before)
  })

  it.each([
    ['ai-consulting-denver', 'America/Denver'],
    ['Ai-Development-New-York', 'America/New_York'],
    ['ai-development-los-angeles', 'America/Los_Angeles'],
    ['boston-ai-consulting-agency', undefined],
    // New Jersey is not the island of Jersey, and a data center is not Center, North Dakota.
    ['ai-company-new-jersey', undefined],
    ['ai-data-center-services', undefined],
    ['ai-consulting', undefined],
  ])('finds the time zone of the place %s names: %s', (route, zone) => {
    expect(timeZoneFor(route)).toBe(zone)
  })

  it('leaves the time zone to fill in when the address names no place that has one', () => {
    const { text, toFill, timeZone } = newPage(sandbox(), 'ai-consulting-salt-lake-city', 'location')
    expect(timeZone).toBeUndefined()
    expect(toFill).toContain('audience')
    expect(text).toMatch(/^ {2}timeZone: "?TODO:/m)
    expect(text).not.toContain('America/New_York')
  })
})
