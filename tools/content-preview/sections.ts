/**
 * Where on a built page a changed field shows: the element a cropped screenshot takes. The
 * selectors are the landmarks the sections already carry (their headings' ids, their classes), so
 * the live pages need no attribute for the preview.
 */
import { CONTENT_DIRS } from '../../codegen/content-files.ts'
import type { FieldPath } from './field-names.ts'

export interface CropTarget {
  /** Short and file-safe: names the picture, e.g. `faq`. */
  key: string
  /** What the picture shows, for the reader. */
  label: string
  /** Playwright selector of the element pictured. */
  selector: string
  /** The element is in the menu, which narrow screens keep closed: open it first. */
  inMenu?: boolean
}

const section = (key: string, label: string, selector: string): CropTarget => ({ key, label, selector })
const headed = (key: string, label: string, headingId: string) => section(key, label, `section[aria-labelledby="${headingId}"]`)

const INTRO = headed('intro', 'Opening', 'page-title')
const SERVICES = headed('services', 'Services', 'services-title')
const STEPS = headed('steps', 'Steps', 'steps-title')
const FAQ = headed('faq', 'FAQ', 'faq-title')

/** A landing page's fields by the section that shows them; fields not listed show on no section. */
const LANDING_SECTIONS: Record<string, CropTarget> = {
  title1: INTRO,
  title2: INTRO,
  descriptionOne: INTRO,
  img1: INTRO,
  serviceTitle: SERVICES,
  services: SERVICES,
  areas_of_specialization: headed('areas', 'Areas of specialization', 'areas-title'),
  stepsVariant: STEPS,
  our_steps_title: STEPS,
  our_steps_description: STEPS,
  our_steps: STEPS,
  our_steps2: STEPS,
  why_choose_title: headed('why', 'Why choose us', 'why-title'),
  why_choose: headed('why', 'Why choose us', 'why-title'),
  integrations: headed('integrations', 'Integrations', 'integrations-title'),
  faqTitle: FAQ,
  faqs_title: FAQ,
  faqs: FAQ,
  contactUsToday: section('contact', 'Closing call to action', 'section.contact-cta'),
}

/** site.yaml's parts that show in one place of every page. */
const SITE_SECTIONS: Record<string, CropTarget> = {
  nav: { ...section('menu', 'Menu', 'header.site-header'), inMenu: true },
  footer: section('footer', 'Footer', 'footer.site-footer'),
  numbers: section('numbers', 'Numbers band', 'section.numbers'),
  partners: section('partners', 'Partner logos', 'section.partners'),
  toolStack: headed('tools', 'Tool stack', 'tools-title'),
}

const hasParagraphs = (value: unknown) => Array.isArray(value) && value.length > 0

/**
 * The section of `route` that shows field `path` of `file`, whose text is `doc`; undefined when the
 * field shows in no one section (a meta title, a label used in many places).
 */
export function cropTargetOf(route: string, file: string, path: FieldPath, doc: unknown): CropTarget | undefined {
  const top = String(path[0] ?? '')
  if (file === CONTENT_DIRS.site) return SITE_SECTIONS[top]
  if (file.startsWith(`${CONTENT_DIRS.blogs}/`))
    return route.startsWith('/blog/')
      ? section('post', 'The post', 'article.blog-post')
      : route.startsWith('/ai/')
        ? headed('recent-blogs', 'Recent blogs', 'recent-blogs-title')
        : undefined
  if (!file.startsWith(`${CONTENT_DIRS.pages}/`)) return undefined
  // One question of a long FAQ: its item alone, answer open.
  if (top === 'faqs' && typeof path[1] === 'number')
    return section(`faq-${path[1] + 1}`, `FAQ ${path[1] + 1}`, `${FAQ.selector} .faq__item >> nth=${path[1]}`)
  // The second and third text blocks are the first and second `.intro--more`, empty blocks left out.
  if (top === 'descriptionTwo' || top === 'img2') return section('block-2', 'Second text block', 'section.intro--more >> nth=0')
  if (top === 'descriptionThree' || top === 'img3') {
    const index = hasParagraphs((doc as { descriptionTwo?: unknown } | undefined)?.descriptionTwo) ? 1 : 0
    return section('block-3', 'Third text block', `section.intro--more >> nth=${index}`)
  }
  return LANDING_SECTIONS[top]
}

/** The section that shows a picture of public/ (`/images/x.svg`), wherever it is. */
export const pictureTarget = (publicPath: string): CropTarget =>
  section(
    `picture-${publicPath.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '')}`,
    `Picture ${publicPath}`,
    `section:has(img[src="${publicPath.replace(/"/g, '\\"')}"]) >> nth=0`,
  )
