import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Link } from './link'
import { matchRoute, RouteSwitch, StaticRouter, type RouteEntry } from './router'

const routes: RouteEntry[] = [
  { path: '/', render: () => 'home' },
  { path: '/blog/:customUrl', render: ({ customUrl }) => `post ${customUrl}` },
  { path: '/ai/:slug', render: ({ slug }) => `page ${slug}` },
  { path: '/ai/*', render: () => 'deep ai path' },
]

const at = (url: string, node: React.ReactNode) => renderToStaticMarkup(<StaticRouter location={url}>{node}</StaticRouter>)

describe('matchRoute', () => {
  it.each([
    ['/', '/', {}],
    ['/blog/first-post', '/blog/:customUrl', { customUrl: 'first-post' }],
    ['/ai/Ai-Development', '/ai/:slug', { slug: 'Ai-Development' }],
    ['/ai/a/b', '/ai/*', { '*': 'a/b' }],
    ['/ai/', '/ai/*', { '*': '' }],
    ['/BLOG/First-Post/', '/blog/:customUrl', { customUrl: 'First-Post' }],
  ])('matches %s with %s', (pathname, path, params) => {
    const found = matchRoute(routes, pathname)
    expect(found?.route.path).toBe(path)
    expect(found?.params).toEqual(params)
  })

  it('takes the first route that matches, in table order', () => {
    expect(matchRoute([...routes].reverse(), '/ai/x')?.route.path).toBe('/ai/*')
  })

  it('finds nothing for a path no route has', () => {
    expect(matchRoute(routes, '/nowhere')).toBeUndefined()
    expect(matchRoute(routes, '/blog')).toBeUndefined()
    expect(matchRoute(routes, '/blog/a/b')).toBeUndefined()
    expect(matchRoute(routes, '/blog/')).toBeUndefined()
  })
})

describe('RouteSwitch', () => {
  it('renders the matching route with its params, or the fallback', () => {
    expect(at('/blog/hello', <RouteSwitch routes={routes} fallback="not found" />)).toBe('post hello')
    expect(at('/nowhere', <RouteSwitch routes={routes} fallback="not found" />)).toBe('not found')
  })
})

describe('Link', () => {
  it('renders a real anchor with the resolved href and the given attributes', () => {
    expect(
      at(
        '/',
        <Link to="/ai/Ai-Consulting" className="nav">
          Consulting
        </Link>,
      ),
    ).toBe('<a class="nav" href="/ai/Ai-Consulting">Consulting</a>')
  })

  it('resolves hash links and keeps target', () => {
    expect(
      at(
        '/ai/x',
        <Link to="/#locations" target="_blank">
          L
        </Link>,
      ),
    ).toBe('<a href="/#locations" target="_blank">L</a>')
  })
})
