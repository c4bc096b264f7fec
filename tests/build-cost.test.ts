import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { contentChecks, loadContent } from '../codegen/content.ts'
import { buildSite } from '../scripts/build.ts'
import { createSyntheticSite } from '../scripts/synthetic-site.ts'

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
  const site = createSyntheticSite(root, 50)
  afterAll(() => site.dispose())
  const build = () => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: site.root, encoding: 'utf8' })
    const [, files, checked] = /; (\d+) content files, (\d+) checked/.exec(output) ?? []
    return { files: Number(files), checked: Number(checked) }
  }

  it('checks a file again only when it changed since an earlier build', () => {
    const first = build()
    expect(first.files).toBeGreaterThan(50)
    expect(first.checked).toBe(first.files)
    expect(build().checked).toBe(0)
    const page = path.join(site.root, 'content/pages/Ai-Development.yaml')
    writeFileSync(page, readFileSync(page, 'utf8').replace('label: ', 'label: Edited '))
    expect(build().checked).toBe(1)
  }, 180_000)
})
