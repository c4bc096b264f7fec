import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { leanRouter } from './vite-plugin-lean-router.ts'

const require = createRequire(import.meta.url)
const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production')
const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as {
  dependencies: Record<string, string>
}

describe('lean router', () => {
  it('patches the exact react-router the project pins: an upgrade is a change of its own', () => {
    for (const name of ['react-router', 'react-router-dom']) {
      expect(pkg.dependencies[name]).toMatch(/^\d+\.\d+\.\d+$/)
      expect((require(`${name}/package.json`) as { version: string }).version).toBe(pkg.dependencies[name])
    }
  })

  it("still finds the production entries it aliases and the top-level code it marks pure in the library's dist/", () => {
    for (const entry of ['index.mjs', 'dom-export.mjs']) expect(existsSync(path.join(dist, entry))).toBe(true)
    const transform = leanRouter().transform as (code: string, id: string) => { code: string } | undefined
    let marked = 0
    for (const name of readdirSync(dist).filter((f) => f.endsWith('.mjs'))) {
      const code = readFileSync(path.join(dist, name), 'utf8')
      const patched = transform(code, path.join(dist, name))!.code
      expect(patched).not.toMatch(/^\w+\.displayName = "\w+";$/m)
      marked += patched.split('/* @__PURE__ */ React').length - 1
    }
    // The contexts and components the site's code never reaches: each left unmarked keeps its code.
    expect(marked).toBeGreaterThanOrEqual(10)
  })
})
