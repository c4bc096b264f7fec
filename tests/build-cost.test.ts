import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadContent } from '../codegen/content.ts'
import { contentChecks } from '../codegen/file-results.ts'
import { buildSite } from '../scripts/build.ts'
import { filesUnder } from '../codegen/files.ts'
import { createSyntheticSite } from '../bench/synthetic-site.ts'

const root = process.cwd()
const outDir = mkdtempSync(path.join(tmpdir(), 'build-cost-'))
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

describe('build cost', () => {
  it('loads and checks every content file once per build: codegen, both bundles and the prerender share it', async () => {
    const files = loadContent(root).files.length
    const before = contentChecks.count
    await buildSite(root, { outDir, quiet: true })
    // The files were checked just above, in this process: the whole build reuses those results.
    expect(contentChecks.count - before).toBe(0)
    expect(files).toBeGreaterThan(50)
  }, 120_000)
})

describe('build cost across builds', () => {
  const site = createSyntheticSite(root, 60)
  afterAll(() => site.dispose())
  const build = (...args: string[]) => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', ...args], {
      cwd: site.root,
      encoding: 'utf8',
    })
    const [, rendered] = /, (\d+) rendered,/.exec(output) ?? []
    const [, files, checked] = /; (\d+) content files, (\d+) checked/.exec(output) ?? []
    return {
      files: Number(files),
      checked: Number(checked),
      rendered: Number(rendered),
      bundled: output.includes('code bundled'),
    }
  }
  const dist = path.join(site.root, 'dist')
  const edit = (rel: string, from: string, to: string) => {
    const file = path.join(site.root, rel)
    const text = readFileSync(file, 'utf8')
    expect(text).toContain(from)
    writeFileSync(file, text.replace(from, to))
  }

  it('checks a file again only when it changed, and renders only the routes it changed', () => {
    const first = build()
    expect(first.files).toBeGreaterThan(60)
    expect(first).toMatchObject({ checked: first.files, bundled: true })
    const routes = first.rendered
    expect(routes).toBeGreaterThan(60)
    expect(build()).toEqual({ ...first, checked: 0, rendered: 0, bundled: false })

    edit('content/pages/Ai-Development.yaml', 'label: ', 'label: Edited ')
    edit('content/pages/Ai-Consulting.yaml', 'title2: "that', 'title2: "reworded, that')
    // A label is in every page's menu: that is a change to the code every page shares.
    expect(build()).toMatchObject({ checked: 2, rendered: routes, bundled: true })
    // A label folded over two lines: the route table takes it from the checked content.
    edit('content/pages/Ai-Development.yaml', 'label: Edited ', 'label: >-\n  Folded\n  ')
    expect(build()).toMatchObject({ checked: 1, rendered: routes, bundled: true })
    expect(readFileSync(path.join(site.root, 'src/generated/page-routes.ts'), 'utf8')).toContain('label: "Folded AI Development"')
    expect(readFileSync(path.join(dist, 'ai/Ai-Consulting.html'), 'utf8')).toContain('Folded AI Development')

    const copyOnly = new Map(filesUnder(dist).map((f) => [f, readFileSync(path.join(dist, f))]))
    edit('content/pages/Ai-Consulting.yaml', 'title2: "reworded, that', 'title2: "reworded again, that')
    expect(build()).toMatchObject({ checked: 1, rendered: 1, bundled: false })
    const changed = filesUnder(dist).filter((f) => !copyOnly.get(f)?.equals(readFileSync(path.join(dist, f))))
    const version = filesUnder(path.join(dist, 'page-data'))[0].split('/')[0]
    expect(changed.sort()).toEqual(
      [
        '.site/build-state.json',
        // The page's last change, for the sitemap.
        '.site/manifest.json',
        'ai/Ai-Consulting.html',
        `page-data/${version}/Ai-Consulting.js`,
      ].sort(),
    )
    expect(readFileSync(path.join(dist, 'ai/Ai-Consulting.html'), 'utf8')).toContain('reworded again, that')
  }, 240_000)

  it('writes what a build from nothing writes, byte for byte', () => {
    const incremental = new Map(filesUnder(dist).map((f) => [f, readFileSync(path.join(dist, f))]))
    expect(build('--full')).toMatchObject({ bundled: true })
    const full = filesUnder(dist).sort()
    expect(full).toEqual([...incremental.keys()].sort())
    expect(full.filter((f) => !incremental.get(f)!.equals(readFileSync(path.join(dist, f))))).toEqual([])
  }, 120_000)
})
