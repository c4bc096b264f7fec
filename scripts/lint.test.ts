import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/** The layer rules of eslint.config.js, tried on imports a maintainer might write. */
const eslint = new ESLint({ cwd: process.cwd() })
async function problemsOf(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`)
}

describe('npm run lint enforces the layers', () => {
  it.each([
    [
      'server/wrong.ts',
      "import { submitLead } from '../src/features/consultation/submit-lead.ts'\nexport const x = submitLead",
      'The server uses src/core only',
    ],
    [
      'server/wrong.ts',
      "import { loadContent } from '../codegen/content.ts'\nexport const x = loadContent",
      'never imports the checker, codegen',
    ],
    [
      'src/components/Wrong.tsx',
      "import { HomePage } from '../features/home/HomePage'\nexport const x = HomePage",
      'cannot depend on one',
    ],
    [
      'src/features/home/Wrong.tsx',
      "import { LandingPage } from '../landing/LandingPage'\nexport const x = LandingPage",
      'A feature never imports another feature',
    ],
    ['src/core/wrong.ts', "import { useState } from 'react'\nexport const x = useState", 'React-free'],
    [
      'tools/wrong.ts',
      "import { useSiteInChromium } from '../tests/browser.ts'\nexport const x = useSiteInChromium",
      'Tools and the benchmark run without the test suite',
    ],
    [
      'scripts/wrong.ts',
      "import { launchChromium } from '../tools/chromium.ts'\nexport const x = launchChromium",
      'The build pipeline stands alone',
    ],
    [
      'src/lib/wrong.ts',
      "import { loadContent } from '../../codegen/content.ts'\nexport const x = loadContent",
      'imports no checker, build, server, tool, benchmark or test code',
    ],
    [
      'checker/wrong.ts',
      "import { loadContent } from '../codegen/content.ts'\nexport const x = loadContent",
      'The checker is pure',
    ],
    [
      'checker/wrong-disk.ts',
      "import { readFileSync } from 'node:fs'\nexport const x = readFileSync",
      'The checker runs in a browser too',
    ],
    ['checker/rules/wrong-dom.ts', "import { JSDOM } from 'jsdom'\nexport const x = JSDOM", 'The checker runs in a browser too'],
  ])('rejects %s importing across a layer', async (file, code, message) => {
    const problems = await problemsOf(file, code)
    expect(problems.join('\n')).toContain(message)
  })

  it('accepts the server using src/core and codegen using it too', async () => {
    expect(
      await problemsOf(
        'server/right.ts',
        "import { parseLeadRequest } from '../src/core/lead.ts'\nexport const x = parseLeadRequest",
      ),
    ).toEqual([])
    expect(
      await problemsOf('codegen/right.ts', "import { ROUTER_PATH } from '../src/core/routes.ts'\nexport const x = ROUTER_PATH"),
    ).toEqual([])
    expect(
      await problemsOf('checker/right.ts', "import { ROUTER_PATH } from '../src/core/routes.ts'\nexport const x = ROUTER_PATH"),
    ).toEqual([])
    // The platform's own file for Node may use Node.
    expect(
      await problemsOf(
        'checker/platform/right-node.ts',
        "import { createRequire } from 'node:module'\nexport const x = createRequire",
      ),
    ).toEqual([])
  })
})

describe('npm run lint keeps files and functions readable', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `  total += ${i}`).join('\n')
  const fn = (n: number) => `export function f() {\n  let total = 0\n${lines(n - 4)}\n  return total\n}\n`

  it('rejects a source file over 400 lines, anywhere but in tests', async () => {
    const long = `export const x = [\n${Array.from({ length: 400 }, (_, i) => `  ${i},`).join('\n')}\n]\n`
    expect((await problemsOf('server/long.ts', long)).join('\n')).toContain('max-lines: File has too many lines (402)')
    expect(await problemsOf('server/long.test.ts', long)).toEqual([])
  })

  it('rejects a function over 80 lines in the build pipeline, tools and benchmark', async () => {
    expect((await problemsOf('scripts/long.ts', fn(81))).join('\n')).toContain("Function 'f' has too many lines (81)")
    expect((await problemsOf('codegen/long.ts', fn(81))).join('\n')).toContain('max-lines-per-function')
    expect(await problemsOf('scripts/short.ts', fn(80))).toEqual([])
  })
})
