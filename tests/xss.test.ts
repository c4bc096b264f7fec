import { readFileSync } from 'node:fs'
import { renderToStaticMarkup } from 'react-dom/server'
import { createElement } from 'react'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { toMarkupBlocks } from '../checker/markup.ts'
import { Markup } from '../src/components/Markup.tsx'
import { launchChromium } from './browser.ts'

const corpus = JSON.parse(readFileSync('checker/__fixtures__/xss/dompurify-vectors.json', 'utf8')) as {
  title: string
  payload: string
}[]

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => browser?.close())

it(`runs none of the ${corpus.length} corpus payloads in a real browser`, async () => {
  const rendered = corpus
    .map(
      (v, i) =>
        `<section data-i="${i}">${renderToStaticMarkup(createElement(Markup, { blocks: toMarkupBlocks(v.payload) }))}</section>`,
    )
    .join('\n')
  const page = await browser.newPage()
  // The trap runs first, so any payload that executes leaves a trace instead of a dialog.
  const trap = `window.fired=[];for(const n of ['alert','confirm','prompt','print'])window[n]=(...a)=>window.fired.push(n+'('+a.join(',')+')')`
  await page.setContent(`<!doctype html><html><head><script>${trap}</script></head><body>${rendered}</body></html>`, {
    waitUntil: 'load',
  })
  // Give event handlers (onload, onerror, onfocus, animations) a chance to fire; then click every link.
  await page.waitForTimeout(500)
  for (const link of await page.locator('a[href]').all()) {
    const href = await link.getAttribute('href')
    expect(href ?? '').toMatch(/^(https?:|mailto:|tel:|#|\/(?![/\\]))/i)
  }
  expect(await page.evaluate(() => (window as unknown as { fired: string[] }).fired)).toEqual([])
  const forbidden = ['script', 'iframe', 'object', 'embed', 'base', 'meta', 'style', 'svg', 'math', 'img', 'form', 'input']
  expect(await page.locator(forbidden.map((tag) => `body ${tag}`).join(', ')).count()).toBe(0)
  const handlers = await page.evaluate(() =>
    [...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name)),
  )
  expect(handlers).toEqual([])
  await page.close()
})
