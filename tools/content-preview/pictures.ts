/**
 * The preview's pictures in Chromium: each pictured route full-page from the new build, and the
 * sections its change touches cropped from the base build and the new one, at phone and desktop width.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { captureFullPage, captureSection, openForPicture, pictureContext } from '../capture-page.ts'
import type { CropPictures } from './report.ts'
import type { CropTarget } from './sections.ts'

const PICTURE_WIDTHS = [375, 1280]

/** `/ai/Ai-Development` → `ai-Ai-Development`: the start of each picture's file name. */
const screenshotNameOf = (route: string) => (route === '/' ? 'index' : route.slice(1).replace(/\//g, '-'))

export interface PictureJob {
  route: string
  /** The sections to crop, each once. */
  targets: CropTarget[]
  /** The route exists in the base build, so its sections have a "before". */
  hasBefore: boolean
  /** Filled in: the crops taken and the full-page pictures, relative to the preview folder. */
  crops: CropPictures[]
  fullPages: string[]
}

/**
 * Takes every job's pictures into `out` (preview/): full pages at its top, crops under crops/; `sites`
 * are the addresses of the running builds, the new one and the base one when there is one.
 */
export async function takePictures(browser: Browser, out: string, jobs: PictureJob[], sites: { after: string; before?: string }) {
  mkdirSync(path.join(out, 'crops'), { recursive: true })
  for (const job of jobs)
    job.crops = job.targets.map((t) => ({ key: t.key, label: t.label, files: PICTURE_WIDTHS.map((width) => ({ width })) }))
  for (const [index, width] of PICTURE_WIDTHS.entries()) {
    for (const side of ['after', 'before'] as const) {
      const site = sites[side]
      if (!site) continue
      const context = await pictureContext(browser, width)
      const page = await context.newPage()
      for (const job of jobs) {
        if (side === 'before' && !job.hasBefore) continue
        const name = screenshotNameOf(job.route)
        if (side === 'after') {
          const file = `${name}-${width}.png`
          await captureFullPage(page, site + job.route, path.join(out, file))
          job.fullPages.push(file)
        } else if (job.targets.length > 0) await openForPicture(page, site + job.route)
        for (const [i, target] of job.targets.entries()) {
          const file = `crops/${name}--${target.key}-${width}-${side}.png`
          if (await captureSection(page, target, path.join(out, file))) job.crops[i].files[index][side] = file
        }
      }
      await context.close()
    }
  }
  for (const job of jobs) job.crops = job.crops.filter((c) => c.files.some((f) => f.before || f.after))
}
