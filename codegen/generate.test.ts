import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import {
  BANNER,
  generateContentTypes,
  generatePageRoutes,
  writeContentTypes,
  writeKeptContentTypes,
  writeRouteTable,
} from './generate.ts'
import { writeFileAtomic } from './write-atomic.ts'

const pages = [
  { route: '/ai/b-page', file: 'content/pages/b-page.yaml', data: { label: 'B', category: 'location' } },
  { route: '/ai/A-Page', file: 'content/pages/A-Page.yaml', data: { label: 'A "quoted" \\ </script>', category: 'service' } },
]

describe('codegen', () => {
  it('writes the same route manifest for the same pages, whatever their order', async () => {
    const first = await generatePageRoutes(pages)
    expect(await generatePageRoutes([...pages].reverse())).toBe(first)
    expect(first).toBe(
      `${BANNER}\nimport type { PageRoute } from "../core/content"\n\n` +
        "/** Every landing page, sorted by route. `load` fetches the page's own chunk. */\n" +
        'export const pageRoutes: readonly PageRoute[] = [\n' +
        '  { route: "/ai/A-Page", label: "A \\"quoted\\" \\\\ </script>", category: "service", load: () => import("page-data:A-Page") },\n' +
        '  { route: "/ai/b-page", label: "B", category: "location", load: () => import("page-data:b-page") },\n' +
        ']\n',
    )
    // The rows go in after the formatter ran: they must be what it would have made of them.
    const { Project, ts } = await import('ts-morph')
    const file = new Project({ useInMemoryFileSystem: true }).createSourceFile('page-routes.ts', first)
    file.formatText({ indentSize: 2, tabSize: 2, convertTabsToSpaces: true, semicolons: ts.SemicolonPreference.Remove })
    expect(file.getFullText()).toBe(first)
  })

  it('makes the route table only for new routes: the same routes elsewhere never load ts-morph', async () => {
    const checkout = () => {
      const root = mkdtempSync(path.join(tmpdir(), 'codegen-'))
      mkdirSync(path.join(root, 'node_modules'))
      return root
    }
    const first = checkout()
    expect(await writeRouteTable(first, pages)).toEqual(['src/generated/page-routes.ts'])
    expect(await writeRouteTable(first, [...pages].reverse())).toEqual([])
    // Another checkout with the same routes, sharing the first one's cache.
    const second = checkout()
    rmSync(path.join(second, 'node_modules'), { recursive: true })
    symlinkSync(path.join(first, 'node_modules'), path.join(second, 'node_modules'))
    let loads = 0
    vi.doMock('ts-morph', async (original) => {
      loads += 1
      return original()
    })
    try {
      expect(await writeRouteTable(second, pages)).toEqual(['src/generated/page-routes.ts'])
      const table = (root: string) => readFileSync(path.join(root, 'src/generated/page-routes.ts'), 'utf8')
      expect(table(second)).toBe(table(first))
      expect(loads).toBe(0)
      await writeRouteTable(second, [...pages, { route: '/ai/C', data: { label: 'C', category: 'service' } }])
      expect(loads).toBe(1)
    } finally {
      vi.doUnmock('ts-morph')
    }
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

  it('copies the content types the store keeps, and makes none itself', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'codegen-'))
    mkdirSync(path.join(root, 'node_modules'))
    const file = (name: string) => path.join(root, 'src/generated', name)
    expect(await writeKeptContentTypes(root)).toBe(false)
    expect(existsSync(file('content-types.ts'))).toBe(false)
    expect(await writeContentTypes(root)).toEqual(['src/generated/content-types.ts', 'src/generated/site-parts.d.ts'])
    const made = readFileSync(file('content-types.ts'), 'utf8')
    rmSync(path.join(root, 'src'), { recursive: true })
    expect(await writeKeptContentTypes(root)).toBe(true)
    expect(readFileSync(file('content-types.ts'), 'utf8')).toBe(made)
    expect(existsSync(file('site-parts.d.ts'))).toBe(true)
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
