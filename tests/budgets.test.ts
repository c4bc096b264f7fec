import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundleReport, LATE_LIBRARIES, startupScripts } from '../scripts/bundle-report.ts'

/** Byte budgets (gzip, 1 KB = 1024 bytes), asserted on the built dist/. */
const dist = path.resolve('dist')
const report = bundleReport(dist)
const KB = 1024

describe('byte budgets (gzip)', () => {
  it('keeps the JS every page loads within 85 KB', () => expect(report.sharedJs).toBeLessThanOrEqual(85 * KB))
  it('keeps the JS a landing page loads before any scroll or click within 95 KB', () =>
    expect(report.landingStartupJs).toBeLessThanOrEqual(95 * KB))
  it("keeps each landing page's own chunk within 8 KB", () => expect(report.pageChunkMax).toBeLessThanOrEqual(8 * KB))
  it('keeps the HTML of every landing page within 40 KB', () => expect(report.landingHtmlMax).toBeLessThanOrEqual(40 * KB))
  it('keeps the CSS within 20 KB', () => expect(report.css).toBeLessThanOrEqual(20 * KB))
  it('loads neither Swiper, react-toastify, DOMPurify nor html-react-parser at page start', () => {
    // Neither in the JS every page loads nor in what a landing page loads before any scroll or click.
    expect(report.lateLibrariesAtStart).toEqual([])
    const html = readFileSync(path.join(dist, 'ai/Ai-Development.html'), 'utf8')
    for (const file of startupScripts(html)) {
      const code = readFileSync(path.join(dist, file), 'utf8')
      expect(code, file).not.toMatch(LATE_LIBRARIES)
    }
  })
  it('ships DOMPurify and the HTML parser in one chunk of their own, loaded only by a post page', () => {
    const withSanitizer = readdirSync(path.join(dist, 'assets')).filter(
      (f) => f.endsWith('.js') && /FORBID_CONTENTS/.test(readFileSync(path.join(dist, 'assets', f), 'utf8')),
    )
    expect(withSanitizer).toHaveLength(1)
    const code = readFileSync(path.join(dist, 'assets', withSanitizer[0]), 'utf8')
    expect(code).toMatch(/First argument must be a string/)
    for (const page of ['index.html', 'blog.html', 'ai/Ai-Development.html']) {
      expect(startupScripts(readFileSync(path.join(dist, page), 'utf8'))).not.toContain(`assets/${withSanitizer[0]}`)
    }
  })
  it('ships no YAML parser or build-time HTML parser to the browser at all', () => {
    // Strings each library keeps through minification: error messages, callback names.
    const signatures = /Map keys must be unique|onopentagname/
    for (const file of readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'))) {
      expect(readFileSync(path.join(dist, 'assets', file), 'utf8'), file).not.toMatch(signatures)
    }
  })
})
