import { describe, expect, it } from 'vitest'
import { blogApiSettings, isEmbeddedApi } from './blog-api.ts'

describe('blogApiSettings', () => {
  it('reads the embedded API when nothing is set: pictures from this site only', () => {
    const settings = blogApiSettings({})
    expect(settings).toEqual({ url: '/api', imageOrigins: [] })
    expect(isEmbeddedApi(settings)).toBe(true)
  })

  it("allows the company API's own origin and the listed picture hosts, each once", () => {
    const settings = blogApiSettings({
      VITE_API_URL: 'https://api.example.com/v1/',
      VITE_BLOG_IMAGE_ORIGINS: 'https://cdn.example.com/images, https://api.example.com  https://img.example.net',
    })
    expect(settings).toEqual({
      url: 'https://api.example.com/v1',
      imageOrigins: ['https://api.example.com', 'https://cdn.example.com', 'https://img.example.net'],
    })
    expect(isEmbeddedApi(settings)).toBe(false)
  })

  it.each([
    [{ VITE_BLOG_IMAGE_ORIGINS: 'cdn.example.com' }, /VITE_BLOG_IMAGE_ORIGINS: "cdn.example.com" is not an absolute URL/],
    [{ VITE_BLOG_IMAGE_ORIGINS: 'ftp://cdn.example.com' }, /not an http or https address/],
    [{ VITE_API_URL: 'https://' }, /VITE_API_URL/],
  ])('names the variable of a value that is not an address: %j', (env, message) => {
    expect(() => blogApiSettings(env)).toThrow(message)
  })
})
