import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'

/** The store module as a new process loads it: nothing read yet. */
async function newProcess() {
  vi.resetModules()
  return import('./store.ts')
}

/** A project folder with one code file, one content file and a node_modules. */
function project() {
  const root = mkdtempSync(path.join(tmpdir(), 'store-'))
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true })
    writeFileSync(path.join(root, rel), text)
  }
  write('src/app.tsx', 'export const a = 1')
  write('content/pages/A.yaml', 'label: A')
  write('node_modules/.package-lock.json', JSON.stringify({ packages: { 'node_modules/vite': { version: '8.0.0' } } }))
  return { root, write }
}

describe("the store's key", () => {
  it('is the same for the same code and build environment', async () => {
    const { root } = project()
    const { storeKey } = await newProcess()
    // A build sets NODE_ENV to production, and Vite copies it to VITE_USER_NODE_ENV.
    expect(storeKey(root, {})).toBe(storeKey(root, { NODE_ENV: 'production', VITE_USER_NODE_ENV: 'production' }))
    expect(storeKey(root, { PATH: '/bin' })).toBe(storeKey(root, {}))
  })

  it('changes with what is compiled in', async () => {
    const { root } = project()
    const { storeKey } = await newProcess()
    const before = storeKey(root, {})
    expect(storeKey(root, { VITE_API_URL: 'https://api.example.com' })).not.toBe(before)
    expect(storeKey(root, { NODE_ENV: 'test' })).not.toBe(before)
  })

  it('changes with the code and what npm installed, not with content, public files, tests or what the build writes', async () => {
    const { root, write } = project()
    const before = (await newProcess()).storeKey(root, {})
    write('content/pages/A.yaml', 'label: B')
    write('content/site.yaml', 'company: {}')
    write('public/images/a.svg', '<svg/>')
    write('src/app.test.tsx', 'it()')
    write('src/generated/page-routes.ts', 'export {}')
    write('src/.eslintcache', '{}')
    expect((await newProcess()).storeKey(root, {})).toBe(before)
    write('node_modules/.package-lock.json', JSON.stringify({ packages: { 'node_modules/vite': { version: '8.0.1' } } }))
    const afterInstall = (await newProcess()).storeKey(root, {})
    expect(afterInstall).not.toBe(before)
    write('src/app.tsx', 'export const a = 2')
    expect((await newProcess()).storeKey(root, {})).not.toBe(afterInstall)
  })
})

describe('the store', () => {
  const hourAndMore = new Date(Date.now() - 3_600_000 - 60_000)

  it("is the current key's, and another key's store goes once unused for an hour", async () => {
    const { root } = project()
    const stores = path.join(root, 'node_modules/.cache/site')
    for (const name of ['stale', 'recent']) mkdirSync(path.join(stores, name), { recursive: true })
    utimesSync(path.join(stores, 'stale'), hourAndMore, hourAndMore)
    const { storeFolder, storeKey } = await newProcess()
    const folder = storeFolder(root)!
    expect(path.basename(folder)).toBe(storeKey(root).slice(0, 24))
    expect(readdirSync(stores).sort()).toEqual([path.basename(folder), 'recent'].sort())
  })

  it('is marked used each time it is opened, so a process using it keeps it', async () => {
    const { root } = project()
    const { storeFolder } = await newProcess()
    const folder = storeFolder(root)!
    utimesSync(folder, hourAndMore, hourAndMore)
    storeFolder(root)
    expect(Date.now() - statSync(folder).mtimeMs).toBeLessThan(3_600_000)
  })

  it('is none without a node_modules folder', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'store-bare-'))
    expect((await newProcess()).storeFolder(root)).toBeUndefined()
    expect(existsSync(path.join(root, 'node_modules'))).toBe(false)
  })
})
