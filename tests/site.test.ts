import { describe, expect, it } from 'vitest'
import { loadContent } from '../codegen/content.ts'
import { builtBlogs } from '../codegen/site-manifest.ts'
import { markupText } from '../src/core/blog.ts'
import { gotoHydrated, pageIsHydrated, useSiteInChromium, visitableRoutes, watchConsole } from './browser.ts'

const content = loadContent(process.cwd())
const landing = content.pages.find((p) => p.route === '/ai/Ai-Development')!
const routes = visitableRoutes(content)
const posts = builtBlogs(content)
/** The opening words of a post's body, as its page shows them. */
const bodyStart = (post: (typeof posts)[number]) => markupText(post.description[0]).slice(0, 60)

const ctx = useSiteInChromium()

describe('prerendered site in Chromium', () => {
  it('shows a landing page with the title and h1 of its YAML', async () => {
    const page = await ctx.browser.newPage()
    await gotoHydrated(page, ctx.site.url + landing.route)
    const data = landing.data as { metaTitle: string; title1: string; title2?: string; metaDescription: string }
    expect(await page.title()).toBe(data.metaTitle)
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(data.metaDescription)
    expect((await page.locator('h1').textContent())?.replace(/\s+/g, ' ').trim()).toBe(
      [data.title1, data.title2].filter(Boolean).join(' '),
    )
    expect(await page.locator('h1').count()).toBe(1)
    await page.close()
  })

  it('shows the whole page with JavaScript off', async () => {
    const context = await ctx.browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(ctx.site.url + landing.route)
    const data = landing.data as { services: { title: string }[]; faqs?: { question: string }[] }
    await expect(page.locator('h1').isVisible()).resolves.toBe(true)
    // Sections below the fold render as they come into view (content-visibility), so scroll to each.
    for (const service of data.services) {
      const heading = page.getByRole('heading', { name: service.title, exact: true }).first()
      await heading.scrollIntoViewIfNeeded()
      await expect(heading.isVisible()).resolves.toBe(true)
    }
    // Without scripts every FAQ answer stays readable.
    const answers = page.locator('.faq__answer')
    for (let i = 0; i < (await answers.count()); i++) {
      await answers.nth(i).scrollIntoViewIfNeeded()
      await expect(answers.nth(i).isVisible()).resolves.toBe(true)
    }
    await context.close()
  })

  it('has Recent Blogs in the served HTML, readable with JavaScript off', async () => {
    const html = await (await fetch(ctx.site.url + landing.route)).text()
    const titles = content.blogs.slice(0, 3).map((b) => String((b as { title: string }).title))
    for (const title of titles) expect(html).toContain(`>${title.replace(/&/g, '&amp;')}</h3>`)
    const context = await ctx.browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(ctx.site.url + landing.route)
    const card = page.locator('.recent-blogs .blog-card').first()
    await card.scrollIntoViewIfNeeded()
    await expect(card.getByRole('heading', { name: titles[0] }).isVisible()).resolves.toBe(true)
    await context.close()
  })

  it('keeps Recent Blogs in place through hydration and the fetch, then runs the carousel', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } })
    const messages = watchConsole(page)
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number }
      w.shifts = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) w.shifts += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    // Open the page already scrolled to Recent Blogs, so any shift there would be seen.
    await page.goto(`${ctx.site.url}${landing.route}#recent-blogs-title`)
    await page.waitForFunction(pageIsHydrated)
    await page.waitForResponse((r) => r.url().includes('/api/blogs/blog')).catch(() => undefined)
    const firstTitle = page.locator('.recent-blogs .blog-card__title').first()
    const before = await firstTitle.textContent()
    await page.locator('.blog-carousel__next').waitFor()
    await page.locator('.blog-carousel__next').click()
    await page.waitForFunction((title) => {
      // The cards whose middle is inside the carousel's box: the slide scrolled into view.
      const box = document.querySelector('.blog-carousel__track')!.getBoundingClientRect()
      const visible = [...document.querySelectorAll('.recent-blogs .blog-card__title')]
        .filter((e) => {
          const { left, right } = e.getBoundingClientRect()
          return (left + right) / 2 > box.left && (left + right) / 2 < box.right
        })
        .map((e) => e.textContent)
      return visible.length > 0 && !visible.includes(title)
    }, before ?? '')
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01)
    expect(messages).toEqual([])
    await page.close()
  })

  it('sends an unknown /ai/ path to the home page, on the server and in the browser', async () => {
    const page = await ctx.browser.newPage()
    const response = await gotoHydrated(page, ctx.site.url + '/ai/no-such-page')
    expect(new URL(page.url()).pathname).toBe('/')
    expect(response?.status()).toBe(200)
    await gotoHydrated(page, ctx.site.url + landing.route)
    await page.evaluate(() => {
      history.pushState({}, '', '/ai/no-such-page')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.waitForURL((url) => url.pathname === '/')
    await page.close()
  })

  it('opens a post directly with its body in the HTML, hydrating without an error or a fetch of the body', async () => {
    const post = posts[1]
    const page = await ctx.browser.newPage()
    const messages = watchConsole(page)
    const asked: string[] = []
    page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/blogs/blog/') && asked.push(r.url()))
    const html = await (await fetch(`${ctx.site.url}/blog/${post.custom_url}`)).text()
    expect(html).toContain(bodyStart(post).replace(/&/g, '&amp;').replace(/'/g, '&#x27;'))
    await gotoHydrated(page, `${ctx.site.url}/blog/${post.custom_url}`)
    await page.waitForLoadState('networkidle')
    await page.locator('.blog-post__body', { hasText: bodyStart(post) }).waitFor()
    expect(asked).toEqual([])
    expect(messages).toEqual([])
    await page.close()
  })

  it('navigates from /blog to a post: a screen-high placeholder, then the body, fetched once', async () => {
    const post = posts[2]
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } })
    const messages = watchConsole(page)
    await page.addInitScript(() => sessionStorage.setItem('lead-sent', '1'))
    // The body's answer waits until the placeholder has been looked at.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const asked: string[] = []
    await page.route(`**/api/blogs/blog/${post.custom_url}`, async (route) => {
      asked.push(route.request().url())
      await held
      await route.continue()
    })
    await gotoHydrated(page, `${ctx.site.url}/blog`)
    await page.waitForLoadState('networkidle')
    await page.locator(`.blog-card__more[href="/blog/${post.custom_url}"]`).click()
    await page.waitForURL((url) => url.pathname === `/blog/${post.custom_url}`)
    const placeholder = page.locator('.blog-post__body[aria-busy="true"]')
    await placeholder.waitFor()
    const top = await placeholder.evaluate((el) => el.getBoundingClientRect().top)
    expect(await placeholder.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThanOrEqual(900)
    release()
    const body = page.locator('.blog-post__body', { hasText: bodyStart(post) })
    await body.waitFor()
    // The body takes the placeholder's place: nothing above it moved.
    expect(await body.evaluate((el) => el.getBoundingClientRect().top)).toBe(top)
    // Back to the list and to the post again: the body is kept, not asked for twice.
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/blog')
    await page.locator(`.blog-card__more[href="/blog/${post.custom_url}"]`).click()
    await body.waitFor()
    expect(asked).toHaveLength(1)
    expect(messages).toEqual([])
    await page.close()
  })

  it('answers an unknown post 404 with a page that says so and hydrates without an error', async () => {
    const page = await ctx.browser.newPage()
    const messages = watchConsole(page)
    const response = await gotoHydrated(page, `${ctx.site.url}/blog/no-such-post`)
    expect(response?.status()).toBe(404)
    await page.locator('h1', { hasText: 'could not find that article' }).waitFor()
    // Chromium reports the document's own 404 status; nothing else may be said.
    expect(messages.filter((m) => !m.includes('404 (Not Found)'))).toEqual([])
    await page.close()
  })

  it('sends /ai and /ai/ to the home page', async () => {
    const page = await ctx.browser.newPage()
    for (const path of ['/ai', '/ai/']) {
      await gotoHydrated(page, ctx.site.url + path)
      expect(new URL(page.url()).pathname).toBe('/')
    }
    await page.close()
  })

  it('stays on the site whatever encoded path a link sends it to', async () => {
    const page = await ctx.browser.newPage()
    for (const path of [
      '/%2F%2Fexample.com/',
      '/%5Cexample.com/',
      '/%09/example.com/',
      '/ai/%2F%2Fexample.com/',
      '/blog/%2F%2Fexample.com/',
    ]) {
      await page.goto(ctx.site.url + path).catch(() => undefined)
      expect(new URL(page.url()).origin).toBe(ctx.site.url)
    }
    await page.close()
  })

  it('sends a known path in other letter case to its canonical spelling', async () => {
    const page = await ctx.browser.newPage()
    await page.goto(ctx.site.url + landing.route.toLowerCase())
    expect(new URL(page.url()).pathname).toBe(landing.route)
    await page.close()
  })

  it('navigates between pages without a reload and updates the head', async () => {
    const page = await ctx.browser.newPage()
    // Scrolling to the link must not open the popup over it.
    await page.addInitScript(() => sessionStorage.setItem('lead-sent', '1'))
    await gotoHydrated(page, ctx.site.url + '/')
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
    await page.locator(`a[href="${landing.route}"]`).first().click()
    await page.waitForURL((url) => url.pathname === landing.route)
    // The page's chunks load in a transition: the old page stays until the new one can render.
    await page.locator('h1', { hasText: (landing.data as { title1: string }).title1 }).waitFor()
    expect(await page.title()).toBe((landing.data as { metaTitle: string }).metaTitle)
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
    await page.close()
  })

  it("shows the privacy notice in its own stylesheet, served or reached by a move, the site's styles under it", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.addInitScript(() => sessionStorage.setItem('lead-sent', '1'))
    // The notice's column is 820 px (PrivacyPage.css) inside the site's 1,200 px container.
    const column = () => page.evaluate(() => getComputedStyle(document.querySelector('.privacy')!).maxWidth)
    await gotoHydrated(page, ctx.site.url + '/privacy')
    expect(await column()).toBe('820px')
    await gotoHydrated(page, ctx.site.url + '/')
    await page.locator('a[href="/privacy"]').first().click()
    await page.waitForURL((url) => url.pathname === '/privacy')
    await page.locator('.privacy').waitFor()
    expect(await column()).toBe('820px')
    await page.close()
  })

  it('leaves a Ctrl-click on a site link to the browser: a new tab, this page stays', async () => {
    const page = await ctx.browser.newPage()
    await page.addInitScript(() => sessionStorage.setItem('lead-sent', '1'))
    await gotoHydrated(page, ctx.site.url + '/')
    const opened = page.context().waitForEvent('page')
    await page
      .locator(`a[href="${landing.route}"]`)
      .first()
      .click({ modifiers: ['Control'] })
    const tab = await opened
    await tab.waitForURL((url) => url.pathname === landing.route)
    expect(new URL(page.url()).pathname).toBe('/')
    await page.close()
  })

  it('keeps where the visitor scrolled to before the page became interactive', async () => {
    const page = await ctx.browser.newPage()
    await page.addInitScript(() => sessionStorage.setItem('lead-sent', '1'))
    // Scripts held back until the visitor has scrolled, as on a slow phone.
    let release!: () => void
    const scrolled = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/*.js', async (route) => {
      await scrolled
      await route.continue()
    })
    await page.goto(ctx.site.url + landing.route, { waitUntil: 'domcontentloaded' })
    await page.evaluate(() => window.scrollTo(0, 1500))
    release()
    await page.waitForFunction(pageIsHydrated)
    await page.waitForTimeout(100)
    expect(await page.evaluate(() => window.scrollY)).toBe(1500)
    await page.close()
  })

  it('takes the header links to the lists on the home page', async () => {
    const page = await ctx.browser.newPage()
    await gotoHydrated(page, ctx.site.url + landing.route)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click()
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#locations')
    await page.locator('#locations-title').waitFor()
    const top = await page.locator('#locations').evaluate((el) => el.getBoundingClientRect().top)
    expect(Math.abs(top)).toBeLessThan(120)
    await page.close()
  })

  it(`hydrates all ${routes.length} routes without a console error or warning`, async () => {
    const page = await ctx.browser.newPage()
    const messages = watchConsole(page)
    for (const route of routes) {
      await page.goto(ctx.site.url + route, { waitUntil: 'load' })
      await page.waitForFunction(pageIsHydrated)
      expect(messages, route).toEqual([])
    }
    await page.close()
  })
})
