import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../codegen/content.ts'
import { htmlFileFor } from '../src/core/routes.ts'
import { gotoHydrated, useSiteInChromium, visitableRoutes } from './browser.ts'

const content = loadContent(process.cwd())
/** Every route the build prerenders that a visitor can open, and the not-found page. */
const routes = [...visitableRoutes(content), '/404']
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

const ctx = useSiteInChromium()

describe('valid HTML', () => {
  // Rules in .htmlvalidate.json; attr-case is off because React writes fetchPriority in camel case,
  // which HTML reads case-insensitively.
  const validator = new HtmlValidate(new FileSystemConfigLoader())
  it(`validates the prerendered HTML of all ${routes.length} routes`, async () => {
    const problems: string[] = []
    for (const route of routes) {
      const file = path.join('dist', htmlFileFor(route))
      const report = await validator.validateString(readFileSync(file, 'utf8'), file)
      for (const result of report.results) {
        for (const m of result.messages) problems.push(`${file}:${m.line}:${m.column} ${m.ruleId} ${m.message}`)
      }
    }
    expect(problems).toEqual([])
  })
})

/** axe-core's violations on the page as it is now, as readable lines. */
async function axeViolations(page: Page): Promise<string[]> {
  // The site's CSP forbids injected scripts; the audit contexts bypass it (bypassCSP) to load axe.
  await page.addScriptTag({ content: axeSource })
  // Sections off screen are not laid out (content-visibility); lay everything out so axe sees it all.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' })
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> }
      }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    )
  })
  return violations
}

describe('accessibility (axe-core)', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`finds no violations on any route in the ${theme} theme`, async () => {
      const context = await ctx.browser.newContext({ colorScheme: theme, reducedMotion: 'reduce', bypassCSP: true })
      const page = await context.newPage()
      // Scrolling would open the popup by itself; it is audited on its own below.
      await page.addInitScript(() => sessionStorage.setItem('lead-sent', '1'))
      const found: string[] = []
      for (const route of routes) {
        await gotoHydrated(page, ctx.site.url + route)
        found.push(...(await axeViolations(page)).map((v) => `${route} ${v}`))
      }
      expect(found).toEqual([])
      await context.close()
      // Every route in one test: some 45 s on an idle 2-core machine, so room for a busy one.
    }, 240_000)
  }

  it('finds no violations with the consultation popup open, after a failed submit', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const context = await ctx.browser.newContext({ colorScheme: theme, reducedMotion: 'reduce', bypassCSP: true })
      const page = await context.newPage()
      for (const route of ['/ai/Ai-Development', '/']) {
        await gotoHydrated(page, ctx.site.url + route)
        await page.getByRole('button', { name: 'Talk to Expert' }).first().click()
        await page.locator('form.lead-form').waitFor()
        await page.getByRole('button', { name: 'Send request' }).click()
        expect(await axeViolations(page), `${route} ${theme}`).toEqual([])
      }
      await context.close()
    }
  })
})
