import type { Browser } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../codegen/content.ts'
import { gotoHydrated, useSiteInChromium, visitableRoutes } from './browser.ts'

const content = loadContent(process.cwd())
const routes = visitableRoutes(content)
type PageFields = { integrations?: unknown[]; our_steps?: unknown[]; faqs?: unknown[] }
/** A page with every optional section, so the order test sees all of them. */
const fullPage =
  content.pages.find((p) => {
    const d = p.data as PageFields
    return d.integrations?.length && d.our_steps?.length && d.faqs?.length
  })?.route ?? '/ai/Ai-Development'
const fullData = content.pages.find((p) => p.route === fullPage)!.data as PageFields

const ctx = useSiteInChromium()

/** A page whose popup stays shut while scrolling (as after a sent lead), so it never covers what is tested. */
async function quietPage(options: Parameters<Browser['newPage']>[0] = {}) {
  const page = await ctx.browser.newPage(options)
  await page.addInitScript(() => sessionStorage.setItem('lead-sent', '1'))
  return page
}

describe('landing layout', () => {
  it('has the 14 sections in their fixed order', async () => {
    const page = await ctx.browser.newPage()
    await gotoHydrated(page, ctx.site.url + fullPage)
    const order = await page.evaluate(() => {
      const marks: [string, string][] = [
        ['breadcrumb', 'nav.breadcrumb'],
        ['first block', 'section.intro h1'],
        ['partners', 'section.partners'],
        ['numbers', 'section.numbers'],
        ['services', '#services-title'],
        ['process', '#steps-title'],
        ['why choose', '#why-title'],
        ['integrations', '#integrations-title'],
        ['tool stack', '#tools-title'],
        ['recent blogs', '#recent-blogs-title'],
        ['faq', '#faq-title'],
        ['contact', 'section.contact-cta'],
        ['footer', 'footer.site-footer'],
      ]
      const all = [...document.querySelectorAll('*')]
      return marks
        .map(([name, selector]) => [name, all.indexOf(document.querySelector(selector)!)] as const)
        .filter(([, at]) => at >= 0)
        .sort((a, b) => a[1] - b[1])
        .map(([name]) => name)
    })
    const expected = [
      'breadcrumb',
      'first block',
      'partners',
      'numbers',
      'services',
      'process',
      'why choose',
      'integrations',
      'tool stack',
      'recent blogs',
      'faq',
      'contact',
      'footer',
    ]
    expect(order).toEqual(expected.filter((name) => name !== 'integrations' || fullData.integrations?.length))
    expect(await page.locator('.breadcrumb li').allTextContents()).toEqual(['Home', 'Services Details'])
    await page.close()
  })

  it('lays the sections out as if no wrapper stood between them: static HTML and late parts take no box', async () => {
    const page = await ctx.browser.newPage()
    await gotoHydrated(page, ctx.site.url + fullPage)
    const displays = await page.evaluate(() =>
      [...document.querySelectorAll('.static-html, .late-part')].map((e) => `${e.className} ${getComputedStyle(e).display}`),
    )
    expect(displays).toEqual(expect.arrayContaining(['late-part contents', 'static-html contents']))
    expect(displays.filter((d) => !d.endsWith(' contents'))).toEqual([])
    await page.close()
  })

  it('reveals a section as it scrolls into view with no script at all, and hides none under reduced motion', async () => {
    const opacityOf = (page: import('playwright-core').Page) => () =>
      page.locator('.contact-cta').evaluate((el) => Number(getComputedStyle(el).opacity))
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await ctx.browser.newContext({
        javaScriptEnabled: false,
        reducedMotion,
        viewport: { width: 412, height: 823 },
      })
      const page = await context.newPage()
      await page.goto(ctx.site.url + fullPage)
      // Far below the first screen: hidden until it scrolls in, unless the visitor asked for less motion.
      if (reducedMotion === 'reduce') expect(await opacityOf(page)()).toBe(1)
      else expect(await opacityOf(page)()).toBe(0)
      // Sections above it take their real height as they come near (content-visibility), which
      // moves it: it is scrolled to again until it stays in view.
      const scrolledTo = async () => {
        await page.locator('.contact-cta').evaluate((el) => el.scrollIntoView({ block: 'center' }))
        return opacityOf(page)()
      }
      await expect.poll(scrolledTo).toBe(1)
      await context.close()
    }
  })

  it('opens and closes FAQ answers by mouse and by keyboard', async () => {
    const page = await quietPage()
    await gotoHydrated(page, ctx.site.url + fullPage)
    const question = page.locator('.faq__question button').first()
    const answer = page.locator('.faq__answer').first()
    expect(await question.getAttribute('aria-expanded')).toBe('false')
    expect(await answer.isVisible()).toBe(false)
    // The FAQ hydrates as it comes near the viewport: a click before that is kept and replayed.
    await question.click()
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true')
    expect(await answer.isVisible()).toBe(true)
    await question.click()
    expect(await answer.isVisible()).toBe(false)
    await question.focus()
    await page.keyboard.press('Enter')
    expect(await answer.isVisible()).toBe(true)
    await page.keyboard.press('Space')
    expect(await question.getAttribute('aria-expanded')).toBe('false')
    await page.close()
  })
})

describe('theme', () => {
  it('follows the system preference, remembers the choice, and paints it first after a reload', async () => {
    const context = await ctx.browser.newContext({ colorScheme: 'light' })
    const page = await context.newPage()
    await gotoHydrated(page, ctx.site.url + fullPage)
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light')
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    // Hold back every script file: what paints then is the prerendered HTML and the inline head script.
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.reload({ waitUntil: 'domcontentloaded' })
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 17, 32)')
    await context.close()
  })

  it('starts dark for a visitor whose system is dark', async () => {
    const context = await ctx.browser.newContext({ colorScheme: 'dark' })
    const page = await context.newPage()
    await gotoHydrated(page, ctx.site.url + '/')
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await context.close()
  })
})

describe('mobile', () => {
  it(`scrolls no route sideways at 360 px (${routes.length} routes)`, async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 360, height: 740 } })
    for (const route of routes) {
      await page.goto(ctx.site.url + route, { waitUntil: 'load' })
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, route).toBe(0)
    }
    await page.close()
  })

  it('switches to the menu button at 991 px and below', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 991, height: 800 } })
    await gotoHydrated(page, ctx.site.url + fullPage)
    const menu = page.getByRole('button', { name: 'Open menu' })
    expect(await menu.isVisible()).toBe(true)
    expect(await page.locator('#site-nav').isVisible()).toBe(false)
    await menu.click()
    expect(await page.locator('#site-nav').isVisible()).toBe(true)
    await page.setViewportSize({ width: 992, height: 800 })
    expect(await menu.isVisible()).toBe(false)
    await page.close()
  })
})
