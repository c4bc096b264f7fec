import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { importedStylesheets, landingStyles } from './vite-plugin-landing-styles.ts'

const root = path.resolve(import.meta.dirname, '..')
const temp = mkdtempSync(path.join(tmpdir(), 'landing-styles-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

/** Writes `files` (path → text) under a new folder of `temp`; returns the folder. */
function project(name: string, files: Record<string, string>) {
  const dir = path.join(temp, name)
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), text)
  }
  return dir
}

/** Every file under `dir`, relative to it. */
const filesUnder = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()

describe('importedStylesheets', () => {
  it('lists stylesheets in the order the modules run: imports in source order, dependencies first, dynamic imports last', () => {
    const dir = project('order', {
      'Layout.tsx': [
        "import { A } from './A'",
        "import type { T } from './types'",
        "// import './Commented.css'",
        "const Late = () => import('./Late')",
        "import { B } from './b'",
        "import 'some-package/style.css'",
        "import './Layout.css'",
      ].join('\n'),
      'A.tsx': "import { Shared } from './Shared'\nimport './A.css'",
      'Shared.tsx': "import './Shared.css'",
      'b/index.ts': "import { Shared } from '../Shared'\nimport './B.css'",
      'Late.tsx': "import { A } from './A'\nimport './Late.css'",
      'types.ts': 'export type T = string',
      ...Object.fromEntries(['A', 'Shared', 'b/B', 'Late', 'Layout', 'Commented'].map((n) => [`${n}.css`, '.x{}'])),
    })
    const sheets = importedStylesheets(path.join(dir, 'Layout.tsx')).map((f) => path.relative(dir, f))
    expect(sheets).toEqual(['Shared.css', 'A.css', 'b/B.css', 'Layout.css', 'Late.css'])
  })

  it("reaches every stylesheet of the site's landing layout and sections, each section's from its own folder", () => {
    const landing = path.join(root, 'src/features/landing')
    const inFolder = filesUnder(landing)
      .filter((f) => f.endsWith('.css'))
      .map((f) => path.join(landing, f))
    const reached = importedStylesheets(path.join(landing, 'LandingPage.tsx'))
    expect(reached.filter((f) => f.startsWith(landing)).sort()).toEqual(inFolder.sort())
    // A section's folder holds its component and its stylesheet under one name.
    for (const sheet of inFolder.filter((f) => f.includes(`${path.sep}sections${path.sep}`)))
      expect(readFileSync(sheet.replace(/\.css$/, '.tsx'), 'utf8')).toContain(`import './${path.basename(sheet)}'`)
  })
})

describe('landingStyles in a build', () => {
  it("puts a lazily loaded section's stylesheet into the one stylesheet, after index.css's own imports", async () => {
    const dir = project('build', {
      'index.html': '<!doctype html><html><head></head><body><script type="module" src="/src/main.ts"></script></body></html>',
      'src/main.ts': "import './styles/index.css'\nimport('./features/landing/LandingPage')",
      'src/styles/index.css': "@import './base.css';",
      'src/styles/base.css': '.base{color:red}',
      'src/features/landing/LandingPage.tsx':
        "import './LandingPage.css'\nexport const rest = () => import('./sections/Faq/Faq')",
      'src/features/landing/LandingPage.css': '.landing{color:green}',
      'src/features/landing/sections/Faq/Faq.tsx': "import './Faq.css'\nexport const Faq = 1",
      'src/features/landing/sections/Faq/Faq.css': '.faq{color:blue}',
    })
    const { build } = await import('vite')
    await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [landingStyles(dir)],
      build: { outDir: 'dist', manifest: true, modulePreload: false },
    })
    const css = filesUnder(path.join(dir, 'dist/assets')).filter((f) => f.endsWith('.css'))
    expect(css).toHaveLength(1)
    expect(readFileSync(path.join(dir, 'dist/assets', css[0]), 'utf8')).toMatch(
      /^\.base\{.*\}\s*\.landing\{.*\}\s*\.faq\{.*\}\s*$/,
    )
    // The lazily loaded chunks fetch no stylesheet of their own.
    const manifest = JSON.parse(readFileSync(path.join(dir, 'dist/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { css?: string[] }
    >
    expect(Object.entries(manifest).flatMap(([key, chunk]) => (chunk.css ?? []).map(() => key))).toEqual(['index.html'])
  })

  it('refuses an index.css with a rule of its own, which the appended imports would follow', async () => {
    const plugin = landingStyles(root)
    const transform = plugin.transform as (code: string, id: string) => unknown
    expect(() => transform("@import './a.css';\n.x{color:red}", path.join(root, 'src/styles/index.css'))).toThrow(
      /src\/styles\/index.css may hold only @import statements/,
    )
  })
})
