import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { gotoHydrated, useSiteInChromium, watchConsole } from './browser.ts'

const ctx = useSiteInChromium()
const count = (page: Page) => page.locator('.blog-carousel__count').textContent()

/** Opens a landing page at `width` and brings its carousel into view, ready to use. */
async function openCarousel(width: number) {
  const page = await ctx.browser.newPage({ viewport: { width, height: 800 } })
  await page.addInitScript(() => sessionStorage.setItem('lead-sent', '1'))
  const messages = watchConsole(page)
  await gotoHydrated(page, `${ctx.site.url}/ai/Ai-Development`)
  // The sections above it take their real height as they render on the way down: scroll until the
  // carousel itself is in view.
  await expect
    .poll(
      async () => {
        await page.locator('.recent-blogs__body').scrollIntoViewIfNeeded()
        return page.locator('.blog-carousel__track').isVisible()
      },
      { timeout: 20_000 },
    )
    .toBe(true)
  return { page, messages }
}

describe('the Recent Blogs carousel (Chromium)', () => {
  it('moves one slide a press on a phone, its counter and buttons following, and stops at the ends', async () => {
    const { page, messages } = await openCarousel(375)
    const slides = await page.locator('.blog-carousel__slide').count()
    expect(slides).toBeGreaterThan(1)
    // One card a slide below 768 px.
    expect(await page.locator('.blog-carousel__slide').first().locator('.blog-card').count()).toBe(1)
    expect(await count(page)).toBe(`1 / ${slides}`)
    await expect(page.locator('.blog-carousel__prev').isDisabled()).resolves.toBe(true)

    await page.locator('.blog-carousel__next').click()
    await page.waitForFunction(() => document.querySelector('.blog-carousel__count')?.textContent?.startsWith('2 /'))
    await expect(page.locator('.blog-carousel__prev').isDisabled()).resolves.toBe(false)
    // The second slide comes to rest in view (the scroll is smooth: the counter turns halfway).
    const offset = () =>
      page
        .locator('.blog-carousel__slide')
        .nth(1)
        .evaluate((slide) => Math.round(slide.getBoundingClientRect().left - slide.parentElement!.getBoundingClientRect().left))
    await expect.poll(offset).toBe(0)

    // A swipe is the browser's own scroll: the counter follows it to the last slide.
    await page.locator('.blog-carousel__track').evaluate((track) => track.scrollTo({ left: track.scrollWidth }))
    await page.waitForFunction((n) => document.querySelector('.blog-carousel__count')?.textContent === `${n} / ${n}`, slides)
    await expect(page.locator('.blog-carousel__next').isDisabled()).resolves.toBe(true)
    expect(messages).toEqual([])
    await page.close()
  })

  it('keeps its off-screen slides inside itself: the page does not scroll sideways on a phone', async () => {
    const { page } = await openCarousel(375)
    // Without the sections' content-visibility containment, as a browser without it lays the page out.
    await page.evaluate(() => document.querySelectorAll<HTMLElement>('*').forEach((e) => (e.style.contentVisibility = 'visible')))
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375)
    await page.close()
  })

  it('regroups its cards when the window is resized: 3 a slide from 1024 px, 2 from 768 px', async () => {
    const { page } = await openCarousel(375)
    const cardsInFirstSlide = () => page.locator('.blog-carousel__slide').first().locator('.blog-card').count()
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect.poll(cardsInFirstSlide).toBe(3)
    await page.setViewportSize({ width: 800, height: 800 })
    await expect.poll(cardsInFirstSlide).toBe(2)
    await page.close()
  })

  it('names its slides for assistive technology and moves by keyboard', async () => {
    const { page } = await openCarousel(1280)
    const slides = await page.locator('.blog-carousel__slide').count()
    await expect(page.getByRole('group', { name: `2 / ${slides}` }).getAttribute('aria-roledescription')).resolves.toBe('slide')
    await page.locator('.blog-carousel__next').focus()
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => document.querySelector('.blog-carousel__count')?.textContent?.startsWith('2 /'))
    await page.close()
  })
})
