import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isWarning } from '../errors.ts'
import { readSiteIndex } from '../../codegen/read-site.ts'
import { imageSizes, MAX_IMAGE_BYTES } from './image-sizes.ts'
import { fileRuleProblems } from './testing.ts'

/** The start of a PNG file of `width` × `height` pixels, as far as any reader of sizes looks, padded to `bytes`. */
function png(width: number, height: number, bytes = 64): Buffer {
  const head = Buffer.alloc(Math.max(bytes, 33))
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(head)
  head.write('IHDR', 12, 'latin1')
  head.writeUInt32BE(width, 16)
  head.writeUInt32BE(height, 20)
  head.set([8, 2, 0, 0, 0], 24)
  return head
}

/** A site of four images, on disk, read by the index the content check uses. */
function siteWithImages() {
  const root = mkdtempSync(path.join(tmpdir(), 'image-sizes-'))
  const images = path.join(root, 'public/images/pages')
  mkdirSync(images, { recursive: true })
  writeFileSync(path.join(images, 'small.png'), png(1200, 800))
  writeFileSync(path.join(images, 'wide.png'), png(2400, 1600))
  writeFileSync(path.join(images, 'heavy.png'), png(1600, 900, 300 * 1024))
  writeFileSync(
    path.join(images, 'wide.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="2000"><!--${'x'.repeat(1000)}--></svg>`,
  )
  writeFileSync(
    path.join(images, 'heavy.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><!--${'x'.repeat(MAX_IMAGE_BYTES)}--></svg>`,
  )
  return readSiteIndex(root)
}

const index = siteWithImages()
const check = (src: string) =>
  fileRuleProblems(imageSizes, `img1:\n  src: ${src}\n  alt: A picture\n`, { index }).map((p) => [p.field, p.message])

describe('images over the sizes the editors’ guide allows', () => {
  it.each([
    ['/images/pages/wide.png', '/images/pages/wide.png is 2,400 px wide (at most 1,600 px)'],
    ['/images/pages/heavy.png', '/images/pages/heavy.png is 300 KB (at most 200 KB)'],
    ['/images/pages/heavy.svg', '/images/pages/heavy.svg is 201 KB (at most 200 KB)'],
  ])('warns at the field that shows %s', (src, message) => {
    expect(check(src)).toEqual([['img1.src', message]])
  })

  it.each([
    ['a small picture', '/images/pages/small.png'],
    ['a drawing drawn wide, whose pixels are as many as the screen needs', '/images/pages/wide.svg'],
    ['an image that is not there, which another rule reports', '/images/pages/missing.png'],
  ])('lets %s pass', (_what, src) => {
    expect(check(src)).toEqual([])
  })

  it('is a warning, with how to make the image smaller', () => {
    const [found] = fileRuleProblems(imageSizes, 'img1:\n  src: /images/pages/wide.png\n  alt: A picture\n', { index })
    expect(isWarning(found)).toBe(true)
    expect(found.hint).toContain('at most 1600 px wide and under 200 KB')
  })

  it('reads both sizes from the index the content check uses', () => {
    expect(index.imageFile('/images/pages/wide.png')).toEqual({ bytes: 64, width: 2400, height: 1600 })
    expect(index.imageFile('/images/pages/missing.png')).toBeUndefined()
  })
})
