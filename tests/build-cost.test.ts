import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { contentChecks, loadContent } from '../codegen/content.ts'
import { buildSite } from '../scripts/build.ts'

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
