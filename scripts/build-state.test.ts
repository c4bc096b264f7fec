import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeFiles, importedPackages } from '../codegen/code-version.ts'
import { BUILD_CODE, codeKey } from './build-state.ts'

describe('code key', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'code-key-'))
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true })
    writeFileSync(path.join(root, rel), text)
  }
  write('src/app.tsx', 'export const a = 1')
  write('content/site.yaml', 'company: {}')
  write('content/pages/A.yaml', 'label: A')

  it('is the same for the same code and build environment', () => {
    // A build sets NODE_ENV to production, and Vite copies it to VITE_USER_NODE_ENV.
    expect(codeKey(root, {})).toBe(codeKey(root, { NODE_ENV: 'production', VITE_USER_NODE_ENV: 'production' }))
    expect(codeKey(root, { PATH: '/bin' })).toBe(codeKey(root, {}))
  })

  it('changes with the code, site.yaml and what is compiled in, not with pages, tests or dotfiles', () => {
    const before = codeKey(root, {})
    write('content/pages/A.yaml', 'label: B')
    write('src/app.test.tsx', 'it()')
    write('src/generated/.inputs.json', '{}')
    expect(codeKey(root, {})).toBe(before)
    expect(codeKey(root, { VITE_API_URL: 'https://api.example.com' })).not.toBe(before)
    expect(codeKey(root, { NODE_ENV: 'test' })).not.toBe(before)
    write('content/site.yaml', 'company: { name: x }')
    const afterSite = codeKey(root, {})
    expect(afterSite).not.toBe(before)
    write('src/app.tsx', 'export const a = 2')
    expect(codeKey(root, {})).not.toBe(afterSite)
  })

  it('changes with content/redirects.yaml, whose moves the browser bundle carries', () => {
    const before = codeKey(root, {})
    write('content/redirects.yaml', 'redirects:\n  - { from: /ai/Old, to: /ai/A }\n')
    expect(codeKey(root, {})).not.toBe(before)
  })

  it('changes with a library the build uses, not with a tool', () => {
    const lockfile = (eslint: string, vite: string) =>
      write(
        'node_modules/.package-lock.json',
        JSON.stringify({ packages: { 'node_modules/eslint': { version: eslint }, 'node_modules/vite': { version: vite } } }),
      )
    lockfile('10.0.0', '8.0.0')
    const before = codeKey(root, {})
    lockfile('10.1.0', '8.0.0')
    expect(codeKey(root, {})).toBe(before)
    lockfile('10.1.0', '8.0.1')
    expect(codeKey(root, {})).not.toBe(before)
  })

  it('names every package the bundles, the server render and the checker import, and no tool', () => {
    const projectRoot = path.resolve(import.meta.dirname, '..')
    const imported = importedPackages(projectRoot, codeFiles(projectRoot, BUILD_CODE))
    // Tests, benchmarks, screenshots and the local database: none of them makes a page.
    const tools = ['autocannon', 'better-sqlite3', 'chrome-launcher', 'lighthouse', 'pg', 'playwright-core']
    // The generator's libraries make src/generated, whose files count themselves (generate.ts versions them).
    const generator = ['json-schema-to-typescript', 'ts-morph']
    const shaping = [...imported].filter((name) => ![...tools, ...generator].includes(name))
    expect(shaping.sort()).toEqual([...BUILD_CODE.libraries].sort())
  })
})
