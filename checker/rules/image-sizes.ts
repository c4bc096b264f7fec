import { reporter, type Explained } from '../errors.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

const messages = {
  LargeImage: (src: string, over: readonly string[]): Explained => ({
    message: `${src} is ${over.join(' and ')}`,
    hint: 'A large image makes the page slow, most of all on phones. Export it again: a PNG, JPEG or WebP at most 1600 px wide and under 200 KB (a photo as JPEG or WebP at about 80% quality), a drawing as SVG.',
  }),
}

const problem = reporter(messages, ['LargeImage'])

/** Widest image, in pixels, as the editors' guide (docs/editing.md, Images) asks of photos. */
const MAX_IMAGE_WIDTH = 1600
/** Heaviest image file, as the editors' guide asks: under 200 KB. */
export const MAX_IMAGE_BYTES = 200 * 1024

/** Formats whose width is their pixels; an SVG's width is only the size it is drawn at. */
const PIXEL_FORMAT = /\.(?:png|jpe?g|webp|avif|gif)$/i

const formatNumber = (n: number) => n.toLocaleString('en-US')

/**
 * An image heavier or wider than the editors' guide allows (at most 1600 px wide, under 200 KB),
 * reported at each field that shows it. A warning: the page works, only slower.
 */
export const imageSizes = defineFileRule({
  name: 'image-sizes',
  stage: 'content',
  kinds: ALL_KINDS,
  messages,
  leaf({ path, text, role }, { at, index }) {
    if (role !== 'image') return undefined
    const image = index.imageFile?.(text)
    if (!image) return undefined
    const over: string[] = []
    if (image.width !== undefined && image.width > MAX_IMAGE_WIDTH && PIXEL_FORMAT.test(text))
      over.push(`${formatNumber(image.width)} px wide (at most ${formatNumber(MAX_IMAGE_WIDTH)} px)`)
    if (image.bytes > MAX_IMAGE_BYTES)
      over.push(`${formatNumber(Math.ceil(image.bytes / 1024))} KB (at most ${formatNumber(MAX_IMAGE_BYTES / 1024)} KB)`)
    return over.length > 0 ? [problem('LargeImage', at(path), text, over)] : undefined
  },
  docs: {
    LargeImage: {
      means:
        'A warning: an image the field shows is wider than 1600 px (PNG, JPEG, WebP, AVIF) or larger than 200 KB (any image), so the page loads slowly.',
      example: ['/images/pages/team-photo.jpg', ['3,024 px wide (at most 1,600 px)', '1,840 KB (at most 200 KB)']],
    },
  },
})
