// @vitest-environment jsdom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { Link } from './link'
import { BrowserRouter, Navigate, useLocation, useNavigate } from './router'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function Where() {
  const { pathname, hash } = useLocation()
  return <p id="where">{pathname + hash}</p>
}

function GoButton({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate()
  return (
    <button type="button" onClick={() => navigate(to, { replace })}>
      go
    </button>
  )
}

let container: HTMLElement
let root: Root
const where = () => container.querySelector('#where')?.textContent
const render = (children: React.ReactNode) => act(async () => root.render(<BrowserRouter>{children}</BrowserRouter>))
const click = (selector: string) =>
  act(async () =>
    container.querySelector<HTMLElement>(selector)!.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 })),
  )

beforeEach(() => {
  window.history.replaceState(null, '', '/ai/Ai-Development')
  container = document.body.appendChild(document.createElement('div'))
  root = createRoot(container)
})

afterEach(async () => {
  await act(async () => root.unmount())
  container.remove()
})

it('renders the address bar, and a link click pushes a new entry without a page load', async () => {
  await render(
    <>
      <Where />
      <Link to="/ai/Ai-Consulting#faq">next</Link>
    </>,
  )
  expect(where()).toBe('/ai/Ai-Development')
  const entries = window.history.length
  await click('a')
  expect(window.location.pathname + window.location.hash).toBe('/ai/Ai-Consulting#faq')
  expect(window.history.length).toBe(entries + 1)
  expect(where()).toBe('/ai/Ai-Consulting#faq')
})

it('follows the back button', async () => {
  await render(
    <>
      <Where />
      <GoButton to="/blog" />
    </>,
  )
  await click('button')
  expect(where()).toBe('/blog')
  await act(async () => {
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))
    window.history.back()
    await popped
  })
  expect(where()).toBe('/ai/Ai-Development')
})

it('replaces the entry for a redirect and for navigate(…, { replace: true })', async () => {
  const entries = window.history.length
  await render(
    <>
      <Where />
      <Navigate to="/" replace />
    </>,
  )
  expect(where()).toBe('/')
  await render(
    <>
      <Where />
      <GoButton to="/thank-you" replace />
    </>,
  )
  await click('button')
  expect(where()).toBe('/thank-you')
  expect(window.history.length).toBe(entries)
})

it('tells onMove of each move, pushed or popped, before the new location renders', async () => {
  // The late parts hear of a move this way: they must let go of their server HTML before the next page renders.
  const shownAtMove: (string | null | undefined)[] = []
  const onMove = () => shownAtMove.push(where())
  await act(async () =>
    root.render(
      <BrowserRouter onMove={onMove}>
        <Where />
        <GoButton to="/blog" />
      </BrowserRouter>,
    ),
  )
  await click('button')
  expect(where()).toBe('/blog')
  await act(async () => {
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))
    window.history.back()
    await popped
  })
  expect(where()).toBe('/ai/Ai-Development')
  expect(shownAtMove).toEqual(['/ai/Ai-Development', '/blog'])
})
