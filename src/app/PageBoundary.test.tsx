// @vitest-environment jsdom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, expect, it, vi } from 'vitest'
import { keepPrerenderedPage, PageBoundary } from './PageBoundary'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function Throws(): never {
  throw new TypeError("Cannot read properties of null (reading 'replace')")
}

afterEach(() => vi.restoreAllMocks())

it('shows the page as the server rendered it when rendering throws', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  keepPrerenderedPage('/blog', '<section><h1>Blog</h1><p>Every post</p></section>')
  const container = document.createElement('div')
  const root = createRoot(container)
  await act(async () =>
    root.render(
      <PageBoundary key="/blog" pathname="/blog">
        <Throws />
      </PageBoundary>,
    ),
  )
  expect(container.querySelector('h1')?.textContent).toBe('Blog')
  expect(container.textContent).toContain('Every post')
  // A new address gets its own chance to render.
  await act(async () =>
    root.render(
      <PageBoundary key="/" pathname="/">
        home
      </PageBoundary>,
    ),
  )
  expect(container.textContent).toBe('home')
  root.unmount()
})

it('renders its page untouched while nothing throws', async () => {
  const container = document.createElement('div')
  const root = createRoot(container)
  await act(async () =>
    root.render(
      <PageBoundary pathname="/">
        <p>fine</p>
      </PageBoundary>,
    ),
  )
  expect(container.innerHTML).toBe('<p>fine</p>')
  root.unmount()
})
