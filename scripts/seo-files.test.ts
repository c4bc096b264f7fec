import { describe, expect, it } from 'vitest'
import type { ManifestRoute } from '../src/core/manifest.ts'
import { hostRedirectsFile, previewHeadersFile, robotsTxt, sitemapEntries, sitemapXml } from './seo-files.ts'

describe('sitemap and robots', () => {
  it('lists absolute URLs with the day of the last change', () => {
    const xml = sitemapXml('https://www.example.com', [
      { path: '/' },
      { path: '/ai/Ai-Development', lastmod: '2026-11-02T10:00:00+01:00' },
    ])
    expect(xml).toContain('<loc>https://www.example.com/</loc>')
    expect(xml).toContain('<url><loc>https://www.example.com/ai/Ai-Development</loc><lastmod>2026-11-02</lastmod></url>')
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
  })
  it('escapes what XML needs escaped', () => {
    expect(sitemapXml('https://x.example', [{ path: '/blog?a=1&b=2' }])).toContain('/blog?a=1&amp;b=2')
  })
  it('names the sitemap in robots.txt', () => {
    expect(robotsTxt('https://www.example.com')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://www.example.com/sitemap.xml\n')
  })
  it('turns every robot away from a preview build, in robots.txt and in the headers Cloudflare Pages sends', () => {
    expect(robotsTxt('https://www.example.com', { preview: true })).toBe('User-agent: *\nDisallow: /\n')
    expect(previewHeadersFile()).toBe('/*\n  X-Robots-Tag: noindex\n')
  })
})

describe('old addresses', () => {
  const route = (path: string, indexable = true): ManifestRoute => ({ route: path, file: '', source: '', indexable })

  it('writes each as a permanent redirect in the form Netlify and Cloudflare Pages read', () => {
    const file = hostRedirectsFile([
      { from: '/ai/Old-Name', to: '/ai/new-name' },
      { from: '/ai/Gone', to: '/blog' },
    ])
    expect(file.split('\n').filter((line) => !line.startsWith('#'))).toEqual([
      '/ai/Old-Name /ai/new-name 301',
      '/ai/Gone /blog 301',
      '',
    ])
    expect(hostRedirectsFile()).toMatch(/^#[^\n]*\n$/)
  })

  it('leaves them, and routes that are not indexable, out of the sitemap', () => {
    const entries = sitemapEntries({
      routes: [route('/'), route('/404', false), route('/ai/new-name'), route('/ai/Old-Name')],
      redirects: [{ from: '/ai/old-name', to: '/ai/new-name' }],
    })
    expect(entries.map((e) => e.path)).toEqual(['/', '/ai/new-name'])
  })
})
