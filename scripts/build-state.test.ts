import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeKey } from './build-state.ts'

describe('code key', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'code-key-'))
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true })
    writeFileSync(path.join(root, rel), text)
  }
  write('src/app.tsx', 'export const a = 1')
  write('content/site.yaml', 'company: {}')
  write('content/pages/A.yaml', 'label: A')

  it("changes with the store's key, and with what the bundles carry of the content, not with a page's copy", () => {
    const before = codeKey(root, {})
    write('content/pages/A.yaml', 'label: B')
    expect(codeKey(root, {})).toBe(before)
    expect(codeKey(root, { VITE_API_URL: 'https://api.example.com' })).not.toBe(before)
    const keys = new Set([before])
    for (const [rel, text] of [
      ['content/site.yaml', 'company: { name: x }'],
      // Its moves are bundled for the browser's own navigation.
      ['content/redirects.yaml', 'redirects:\n  - { from: /ai/Old, to: /ai/A }\n'],
      // The labels of every menu.
      ['src/generated/page-routes.ts', 'export const pageRoutes = []'],
      // Copied by the client build.
      ['public/favicon.svg', '<svg/>'],
    ]) {
      write(rel, text)
      keys.add(codeKey(root, {}))
    }
    expect(keys.size).toBe(5)
  })
})
