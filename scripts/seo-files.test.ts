import { describe, expect, it } from 'vitest'
import { robotsTxt, sitemapXml } from './seo-files.ts'

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
})
