import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { headScript } from '../../scripts/head-scripts.ts'

/** A page with the built script run in it, as the browser runs the inlined <script>. */
async function pageWith(name: 'themeBoot' | 'deferredScripts', body = '', setup: (window: JSDOM['window']) => void = () => {}) {
  const dom = new JSDOM(`<!doctype html><html><head></head><body>${body}</body></html>`, {
    runScripts: 'outside-only',
    pretendToBeVisual: true,
    url: 'https://site.test/',
  })
  setup(dom.window)
  dom.window.eval(await headScript(name))
  return dom.window
}
const systemPrefers = (dark: boolean) => (window: JSDOM['window']) => {
  window.matchMedia = ((query: string) => ({ matches: dark && query.includes('dark') })) as unknown as typeof window.matchMedia
}

describe('theme boot script', () => {
  it('is one minified classic script with no imports', async () => {
    const code = await headScript('themeBoot')
    expect(code).not.toMatch(/\bimport\b|\bexport\b|\n/)
    expect(code.length).toBeLessThan(400)
  })

  it('marks the page as scripted and follows the stored choice over the system', async () => {
    const window = await pageWith('themeBoot', '', (w) => {
      w.localStorage.setItem('theme', 'light')
      systemPrefers(true)(w)
    })
    expect(window.document.documentElement.classList.contains('js')).toBe(true)
    expect(window.document.documentElement.dataset.theme).toBe('light')
  })

  it('follows the system when nothing valid is stored', async () => {
    const window = await pageWith('themeBoot', '', (w) => {
      w.localStorage.setItem('theme', 'purple')
      systemPrefers(true)(w)
    })
    expect(window.document.documentElement.dataset.theme).toBe('dark')
  })

  it('leaves the light stylesheet standing when storage is blocked', async () => {
    const window = await pageWith('themeBoot', '', (w) => {
      Object.defineProperty(w, 'localStorage', {
        get: () => {
          throw new Error('blocked')
        },
      })
    })
    expect(window.document.documentElement.classList.contains('js')).toBe(true)
    expect(window.document.documentElement.dataset.theme).toBeUndefined()
  })
})

describe('deferred scripts loader', () => {
  it('moves the template nodes into <head> after the first frame, one per task, in order', async () => {
    const template = '<template id="deferred-scripts"><meta name="a"><meta name="b"><meta name="c"></template>'
    const window = await pageWith('deferredScripts', template)
    // A mutation observer's callback runs once after each task that changed the head.
    const batches: number[] = []
    new window.MutationObserver((records) => batches.push(records.length)).observe(window.document.head, { childList: true })
    const names = () => [...window.document.head.querySelectorAll('meta')].map((m) => m.getAttribute('name'))
    expect(names()).toEqual([])
    for (let i = 0; i < 50 && names().length < 3; i++) await new Promise((r) => window.setTimeout(r, 10))
    expect(names()).toEqual(['a', 'b', 'c'])
    expect(batches).toEqual([1, 1, 1])
  })

  it('does nothing on a page without the template', async () => {
    const window = await pageWith('deferredScripts')
    await new Promise((r) => window.setTimeout(r, 60))
    expect(window.document.head.children).toHaveLength(0)
  })
})

describe("the loader's ear for 'Talk to Expert' in static HTML", () => {
  const staticButton =
    '<div data-static="top"><button aria-haspopup="dialog">Talk</button></div><button aria-haspopup="dialog">Own</button>'
  const press = (window: JSDOM['window'], selector: string) => window.document.querySelector<HTMLElement>(selector)!.click()
  const kept = (window: JSDOM['window']) => 'consultationAsked' in window.document.documentElement.dataset

  it('keeps a press made before the popup is there, as a mark on <html>', async () => {
    const window = await pageWith('deferredScripts', staticButton)
    press(window, '[data-static] button')
    expect(kept(window)).toBe(true)
  })

  it('tells the popup of a press once it listens, and keeps nothing', async () => {
    const window = await pageWith('deferredScripts', staticButton)
    let heard = 0
    window.document.addEventListener('consultation-ask', (event) => {
      event.preventDefault()
      heard++
    })
    press(window, '[data-static] button')
    expect(heard).toBe(1)
    expect(kept(window)).toBe(false)
  })

  it('leaves alone a button outside the static HTML: its own handler opens the popup', async () => {
    const window = await pageWith('deferredScripts', staticButton)
    press(window, 'body > button')
    expect(kept(window)).toBe(false)
  })
})
