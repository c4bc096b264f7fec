import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { leadMessages, submitMessages } from '../src/core/lead.ts'
import { gotoHydrated, useSiteInChromium } from './browser.ts'

const ctx = useSiteInChromium({ RATE_LIMIT_MAX: '0' })
let page: Page

/** The outside look-ups, answered locally: the test machine has no internet. */
async function stubLookups(target: Page) {
  await target.route('https://api.ipify.org/**', (r) => r.fulfill({ json: { ip: '203.0.113.7' } }))
}

beforeEach(async () => {
  if (page) await page.context().close()
  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } })
  page = await context.newPage()
  await stubLookups(page)
})

const dialog = () => page.locator('dialog.consultation')
const openPopup = async () => {
  await page.getByRole('button', { name: 'Talk to Expert' }).first().click()
  await page.locator('form.lead-form').waitFor()
}
const fillValid = async () => {
  await page.fill('input[name=name]', 'Dana Reyes')
  await page.fill('input[name=email]', 'dana+leads@acme.com')
  await page.fill('input[name=contact]', '+1 (415) 555-0142')
  await page.fill('input[name=url]', 'acme.com/about')
  await page.fill('textarea[name=message]', 'We need a pilot for claims triage.')
}

describe('consultation popup', () => {
  it('opens from Talk to Expert, with its heading, and closes by button, Escape and backdrop', async () => {
    await gotoHydrated(page, ctx.site.url + '/ai/Ai-Development')
    await openPopup()
    expect(await dialog().evaluate((d: HTMLDialogElement) => d.open)).toBe(true)
    await expect(dialog().getByRole('heading').textContent()).resolves.toBe('Talk to Expert')
    await dialog().getByRole('button', { name: 'Close' }).click()
    expect(await dialog().evaluate((d: HTMLDialogElement) => d.open)).toBe(false)

    await openPopup()
    await page.keyboard.press('Escape')
    expect(await dialog().evaluate((d: HTMLDialogElement) => d.open)).toBe(false)

    await openPopup()
    await page.mouse.click(5, 5)
    expect(await dialog().evaluate((d: HTMLDialogElement) => d.open)).toBe(false)
  })

  it("says 'Get Free Consultation Now!' away from the landing pages", async () => {
    await gotoHydrated(page, ctx.site.url + '/blog')
    await openPopup()
    await expect(dialog().getByRole('heading').textContent()).resolves.toBe('Get Free Consultation Now!')
  })

  it('keeps focus inside while open, returns it to the opener, and locks the page scroll', async () => {
    await gotoHydrated(page, ctx.site.url + '/ai/Ai-Development')
    const opener = page.locator('.intro__actions button')
    await opener.focus()
    await page.keyboard.press('Enter')
    await page.locator('form.lead-form').waitFor()
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab')
      const inside = await page.evaluate(
        () => document.activeElement === document.body || !!document.activeElement?.closest('dialog'),
      )
      expect(inside).toBe(true)
    }
    await page.keyboard.press('Escape')
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  it('opens by itself once, when the page is scrolled past 10 %', async () => {
    await gotoHydrated(page, ctx.site.url + '/ai/Ai-Development')
    // The popup's frame is not on the page before it is first opened: its code loads then.
    expect(await page.locator('dialog.consultation[open]').count()).toBe(0)
    await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * 0.05))
    await page.waitForTimeout(200)
    expect(await page.locator('dialog.consultation[open]').count()).toBe(0)
    await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * 0.15))
    await page.waitForFunction(() => document.querySelector('dialog')?.open === true)
    await page.keyboard.press('Escape')
    await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * 0.5))
    await page.waitForTimeout(300)
    expect(await dialog().evaluate((d: HTMLDialogElement) => d.open)).toBe(false)
  })

  it('shows the messages only after a submit attempt, then follows corrections', async () => {
    await gotoHydrated(page, ctx.site.url + '/ai/Ai-Development')
    await openPopup()
    await page.fill('input[name=email]', 'not-an-email')
    expect(await page.locator('.field__error').count()).toBe(0)
    await page.getByRole('button', { name: 'Send request' }).click()
    const errors = await page.locator('.field__error').allTextContents()
    expect(errors).toEqual([
      leadMessages.nameRequired,
      leadMessages.emailInvalid,
      leadMessages.contactRequired,
      leadMessages.messageRequired,
    ])
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name')
    await page.fill('input[name=email]', 'dana@acme.com')
    await page.fill('input[name=contact]', '555')
    expect(await page.locator('.field__error').allTextContents()).toEqual([
      leadMessages.nameRequired,
      leadMessages.contactInvalid,
      leadMessages.messageRequired,
    ])
    expect(await ctx.site.store.count()).toBe(0)
  })

  it('sends a valid lead with the IP look-up, lands on /thank-you, and the lead is on disk', async () => {
    // This build has no VITE_GEO_TOKEN, so geolocation is skipped (the unit tests cover it with a token).
    let geolocated = false
    await page.route('https://ipinfo.io/**', (r) => ((geolocated = true), r.abort()))
    const before = await ctx.site.store.count()
    await gotoHydrated(page, ctx.site.url + '/ai/ai-consulting-austin')
    await openPopup()
    await fillValid()
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/appDev'))
    await page.getByRole('button', { name: 'Send request' }).click()
    const body = (await posted).postDataJSON()
    expect(body).toMatchObject({
      name: 'Dana Reyes',
      contact: '4155550142',
      ip_address: '203.0.113.7',
      query: 'Talk to Expert query',
    })
    await page.waitForURL((u) => u.pathname === '/thank-you')
    await page.getByText(submitMessages.success).waitFor()
    expect(await ctx.site.store.count()).toBe(before + 1)
    const lead = (await ctx.site.store.all()).at(-1)!
    expect(lead).toMatchObject({
      email: 'dana+leads@acme.com',
      phone: '4155550142',
      website: 'acme.com/about',
      formName: 'Talk to Expert query',
      ipAddress: '203.0.113.7',
      location: null,
    })
    expect(geolocated).toBe(false)
  })

  it('keeps everything typed and shows the failure toast when the API fails', async () => {
    await page.route('**/api/appDev', (r) => r.fulfill({ status: 500, json: { error: 'down' } }))
    await gotoHydrated(page, ctx.site.url + '/ai/Ai-Development')
    await openPopup()
    await fillValid()
    await page.getByRole('button', { name: 'Send request' }).click()
    await page.getByText(submitMessages.failure).waitFor()
    expect(await page.inputValue('input[name=name]')).toBe('Dana Reyes')
    expect(await page.inputValue('input[name=contact]')).toBe('+1 (415) 555-0142')
    expect(await page.inputValue('textarea[name=message]')).toBe('We need a pilot for claims triage.')
    expect(await page.getByRole('button', { name: 'Send request' }).isEnabled()).toBe(true)
    expect(new URL(page.url()).pathname).toBe('/ai/Ai-Development')
  })

  it('shows the toast styled, with no inline style or script refused by the page policy', async () => {
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`))
    })
    await page.route('**/api/appDev', (r) => r.fulfill({ status: 500, json: { error: 'down' } }))
    await gotoHydrated(page, ctx.site.url + '/ai/Ai-Development')
    await openPopup()
    await fillValid()
    await page.getByRole('button', { name: 'Send request' }).click()
    const toast = page.locator('.Toastify__toast').first()
    await toast.waitFor()
    // The library's stylesheet applied: a positioned, coloured toast, not bare text.
    const style = await toast.evaluate((el) => {
      const s = getComputedStyle(el)
      return { position: getComputedStyle(el.parentElement!).position, background: s.backgroundColor, radius: s.borderRadius }
    })
    expect(style.position).toBe('fixed')
    expect(style.background).not.toBe('rgba(0, 0, 0, 0)')
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
  })
})
