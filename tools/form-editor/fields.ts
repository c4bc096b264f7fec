/**
 * The one map of content fields. For each field, by its place in the data (`page.faqs[].answer` is
 * the answer of every FAQ, `page.faqs[]` one FAQ): its label, the name editors see in the form
 * editor, the preview's change table and the editors' guide; what it is on the page, in the guide's
 * words; and the page section that shows it and everything inside it. A field not listed takes the
 * shared label of its key, or one made from the key's words ("Our steps title" for our_steps_title).
 * A new landing-page section is one SECTIONS entry and its fields in PAGE_FIELDS.
 */
import type { ContentKind } from './schemas.ts'

/** A part of a built page, found by a landmark it already carries (its heading's id, its class). */
export interface Section {
  label: string
  /** Playwright selector of the element; `>> nth=N` takes the Nth match. */
  selector: string
  /** The element is in the menu, which narrow screens keep closed: open it first. */
  inMenu?: boolean
}

const headed = (label: string, headingId: string): Section => ({ label, selector: `section[aria-labelledby="${headingId}"]` })

const sections = {
  intro: headed('Opening', 'page-title'),
  // Empty text blocks are not rendered: the preview finds the third block first when the second is empty.
  'block-2': { label: 'Second text block', selector: 'section.intro--more >> nth=0' },
  'block-3': { label: 'Third text block', selector: 'section.intro--more >> nth=1' },
  services: headed('Services', 'services-title'),
  areas: headed('Areas of specialization', 'areas-title'),
  steps: headed('Steps', 'steps-title'),
  why: headed('Why choose us', 'why-title'),
  integrations: headed('Integrations', 'integrations-title'),
  faq: headed('FAQ', 'faq-title'),
  contact: { label: 'Closing call to action', selector: 'section.contact-cta' },
  menu: { label: 'Menu', selector: 'header.site-header', inMenu: true },
  partners: { label: 'Partner logos', selector: 'section.partners' },
  numbers: { label: 'Numbers band', selector: 'section.numbers' },
  tools: headed('Tool stack', 'tools-title'),
  footer: { label: 'Footer', selector: 'footer.site-footer' },
  post: { label: 'The post', selector: 'article.blog-post' },
  'recent-blogs': headed('Recent blogs', 'recent-blogs-title'),
} satisfies Record<string, Section>

/** A section's key: short and file-safe, it names the preview's pictures (`faq`, `block-2`). */
export type SectionKey = keyof typeof sections
/** The sections of the site's pages, by key. */
export const SECTIONS: Record<SectionKey, Section> = sections

/** Marks a field no section shows: the head's, and the ones that only sort or label the page. */
export const OFF_PAGE = 'off-page'

export interface Field {
  /** The name editors see everywhere. Left out: the shared label of its key. */
  label?: string
  /** What it is on the page, as the guide says it ("the heading", "each card's text"). */
  shows?: string
  /** The section that shows it and every field inside it, or OFF_PAGE. */
  section?: SectionKey | typeof OFF_PAGE
  /** A picture's folder under public/images: the form's picker opens it and an upload lands in it. */
  folder?: string
}

/** The labels of keys met in many places: an image's, a card's. */
const SHARED_LABELS: Record<string, string> = {
  src: 'Image file',
  alt: 'Alt text (what the image shows)',
  title: 'Title',
  desc: 'Text',
  stepNo: 'Step label',
  href: 'Link address',
}

/** A picture's file, and its words for people who cannot see it. */
const picture = (image: string, where: string, folder: string): Record<string, Field> => ({
  [`${image}.src`]: { shows: `the picture ${where}`, folder },
  [`${image}.alt`]: { shows: 'that picture in words, read aloud to people who cannot see it' },
})
/** The title and text of each card of a list. */
const cards = (list: string): Record<string, Field> => ({
  [`${list}[].title`]: { shows: "each card's title" },
  [`${list}[].desc`]: { shows: "each card's text" },
})

/** A landing page's fields: each top-level one names its section, or OFF_PAGE. */
const PAGE_FIELDS: Record<string, Field> = {
  metaTitle: {
    label: 'Search title (browser tab)',
    section: OFF_PAGE,
    shows: "the browser tab, and the page's title in search results",
  },
  metaDescription: { label: 'Search description', section: OFF_PAGE, shows: 'the text under the title in search results' },
  label: { label: 'Menu label', section: OFF_PAGE, shows: "the page's name in the footer and in the home page's lists" },
  category: { label: 'Listed under', section: OFF_PAGE, shows: 'which list of the footer and the home page holds it' },
  audience: { label: "Readers' place (location pages)", section: OFF_PAGE },
  'audience.places': {
    label: 'Place names',
    shows: 'where the readers are, for the check ([Pages about a place](#pages-about-a-place))',
  },
  'audience.places[]': { label: 'Place' },
  'audience.country': { label: 'Country code', shows: "the readers' country, for the check" },
  'audience.timeZone': { label: 'Time zone', shows: "the readers' time zone, for the check" },
  title1: { label: 'Hero heading', section: 'intro', shows: 'the main heading, its first words' },
  title2: { label: 'Hero heading, accent part', section: 'intro', shows: 'the main heading, continued in the accent colour' },
  img1: { label: 'Hero image', section: 'intro' },
  ...picture('img1', 'beside the main heading', 'pages'),
  descriptionOne: { label: 'Hero paragraphs', section: 'intro', shows: 'the paragraphs under the main heading' },
  'descriptionOne[]': { label: 'Paragraph' },
  img2: { label: 'Second block image', section: 'block-2' },
  ...picture('img2', 'beside the second block', 'pages'),
  descriptionTwo: { label: 'Second block paragraphs', section: 'block-2', shows: 'its paragraphs; `[]` for no second block' },
  'descriptionTwo[]': { label: 'Paragraph' },
  img3: { label: 'Third block image', section: 'block-3' },
  ...picture('img3', 'beside the third block', 'pages'),
  descriptionThree: { label: 'Third block paragraphs', section: 'block-3', shows: 'its paragraphs; `[]` for no third block' },
  'descriptionThree[]': { label: 'Paragraph' },
  serviceTitle: { label: 'Services heading', section: 'services', shows: 'the heading' },
  services: { label: 'Service cards', section: 'services', shows: 'the cards, numbered 01, 02 … in this order' },
  'services[]': { label: 'Service card' },
  'services[].num': { label: 'Card number', shows: "each card's number; leave it out, cards are numbered in order" },
  'services[].title': { label: 'Service name', shows: "each card's title" },
  'services[].desc': { label: 'Card text', shows: "each card's text" },
  'services[].img': {
    label: 'Icon',
    shows: "each card's icon; leave it out, icons are taken in turn from `serviceIcons` in site.yaml",
    folder: 'icons',
  },
  'services[].benefits': { label: 'Benefit checklist', shows: "each card's checklist, one line per benefit" },
  'services[].benefits[]': { label: 'Benefit' },
  stepsVariant: {
    label: 'Process section shows',
    section: 'steps',
    shows: 'no words: `process` labels the cards Step 01, Step 02 …; `industries` shows them as industries served',
  },
  our_steps_title: { label: 'Process heading', section: 'steps', shows: 'the heading' },
  our_steps_description: { label: 'Process lead', section: 'steps', shows: 'the line under the heading' },
  our_steps: {
    label: 'Process steps, first row',
    section: 'steps',
    shows: 'the first row of cards, three per line on a computer',
  },
  'our_steps[]': { label: 'Step' },
  'our_steps[].stepNo': { shows: "each card's label; leave it out for Step 01, Step 02 …" },
  ...cards('our_steps'),
  our_steps2: {
    label: 'Process steps, second row',
    section: 'steps',
    shows: 'the second row of cards, two per line, numbered after the first row',
  },
  'our_steps2[]': { label: 'Step' },
  'our_steps2[].stepNo': { shows: "each card's label; leave it out for the next number" },
  ...cards('our_steps2'),
  areas_of_specialization: { label: 'Areas of specialization', section: 'areas' },
  'areas_of_specialization.title': { label: 'Areas heading', shows: 'the heading' },
  'areas_of_specialization.items': { label: 'Area cards', shows: 'the cards' },
  'areas_of_specialization.items[]': { label: 'Area card' },
  ...cards('areas_of_specialization.items'),
  integrations: { label: 'Integrations', section: 'integrations', shows: 'the icons with their names' },
  'integrations[]': { label: 'Integration' },
  'integrations[].name': { label: 'Name', shows: 'each name, under its icon' },
  'integrations[].img': { label: 'Icon (SVG)', shows: 'each icon (SVG)', folder: 'integrations' },
  'integrations[].img2': {
    label: 'Icon (PNG fallback)',
    shows: 'the same icon as PNG, for tools that cannot show SVG (not seen by visitors)',
    folder: 'integrations',
  },
  why_choose_title: { label: 'Why-choose heading', section: 'why', shows: 'the heading' },
  why_choose: { label: 'Why-choose cards', section: 'why', shows: 'the cards, one reason each' },
  'why_choose[]': { label: 'Why-choose card' },
  ...cards('why_choose'),
  faqTitle: {
    label: 'FAQ label',
    section: 'faq',
    shows: 'the small label above the heading; without it, `labels.faq` of site.yaml',
  },
  faqs_title: { label: 'FAQ heading', section: 'faq', shows: 'the heading; without it, `labels.faqHeading` of site.yaml' },
  faqs: { label: 'FAQ', section: 'faq', shows: 'the questions, in this order' },
  'faqs[]': { label: 'FAQ' },
  'faqs[].question': { label: 'Question', shows: 'each question; a click on it opens its answer' },
  'faqs[].answer': { label: 'Answer', shows: 'each answer, shown when its question is clicked' },
  contactUsToday: {
    label: 'Closing call to action',
    section: 'contact',
    shows: 'the text of the closing box above the footer, beside the button',
  },
}

/** A post shows on its page, and as a card on /blog and in Recent Blogs. */
const BLOG_FIELDS: Record<string, Field> = {
  id: { label: 'Post number', section: OFF_PAGE, shows: "the post's number; give each new post the next one, never reuse one" },
  custom_url: {
    label: 'Address (after /blog/)',
    shows: "the post's address, /blog/ followed by it; the file name must be the same",
  },
  title: { label: 'Post heading', shows: "**Post**: the heading. **Cards** (/blog, Recent Blogs): the card's title" },
  meta_title: {
    label: 'Search title (browser tab)',
    section: OFF_PAGE,
    shows: "the browser tab, and the post's title in search results",
  },
  meta_desc: { label: 'Search description', section: OFF_PAGE, shows: 'the text under the title in search results' },
  image: { label: 'Cover image' },
  ...picture('image', 'under the heading, and on each of its cards', 'blog'),
  published: {
    label: 'Published on (YYYY-MM-DD)',
    shows: '**Post**: the date under the heading. The newest post comes first everywhere',
  },
  author: { label: 'Author', section: OFF_PAGE, shows: 'told to search engines as the author' },
  description: { label: 'Post text', shows: '**Post**: its paragraphs. **Cards**: the first 140 characters, without markup' },
  'description[]': { label: 'Paragraph' },
}

/** content/site.yaml: its groups, and the items of its lists; inner fields take their key's words. */
const SITE_FIELDS: Record<string, Field> = {
  company: { label: 'Company' },
  'company.logo': { folder: 'brand' },
  'company.logoDark': { folder: 'brand' },
  'company.shareImage': { folder: 'brand' },
  facts: { label: 'Company facts (checked on every page)' },
  'facts.offices[]': { label: 'Office' },
  terms: { label: 'Contract terms ({{terms.…}})' },
  links: { label: 'Common links' },
  nav: { label: 'Main menu', section: 'menu' },
  'nav[]': { label: 'Menu item' },
  labels: { label: 'Interface words' },
  partners: { label: 'Partner logos', section: 'partners' },
  'partners[]': { label: 'Partner' },
  'partners[].logo': { folder: 'partners' },
  numbers: { label: 'Numbers band', section: 'numbers' },
  'numbers[]': { label: 'Number' },
  toolStack: { label: 'Tool stack', section: 'tools' },
  'toolStack[]': { label: 'Tool' },
  'toolStack[].icon': { folder: 'tools' },
  serviceIcons: { label: 'Service card icons' },
  'serviceIcons[]': { label: 'Service card icon', folder: 'icons' },
  consultation: { label: "'Talk to Expert' form" },
  home: { label: 'Home page' },
  blog: { label: 'Blog page' },
  thankYou: { label: 'Thank-you page' },
  notFound: { label: 'Page not found' },
  footer: { label: 'Footer', section: 'footer' },
  'footer.links[]': { label: 'Footer link' },
  privacy: { label: 'Privacy page' },
  'privacy.sections[]': { label: 'Privacy section' },
  'privacy.sections[].paragraphs[]': { label: 'Paragraph' },
  'privacy.sections[].items[]': { label: 'List item' },
}

const prefixed = (kind: ContentKind, fields: Record<string, Field>) =>
  Object.entries(fields).map(([path, field]) => [`${kind}.${path}`, field] as const)

/** Every field the map describes, by its data path with its kind in front. */
export const FIELDS: Readonly<Record<string, Field>> = Object.fromEntries([
  ...prefixed('page', PAGE_FIELDS),
  ...prefixed('blog', BLOG_FIELDS),
  ...prefixed('site', SITE_FIELDS),
])

/** `['faqs', 5, 'answer']` of a page as the map's key: `page.faqs[].answer`. */
export const mapPathOf = (kind: ContentKind | undefined, path: readonly (string | number)[]) =>
  path.reduce<string>((at, step) => (typeof step === 'number' ? `${at}[]` : `${at}.${step}`), kind ?? '')

/** "our_steps_title" → "Our steps title", "faqHeading" → "FAQ heading". */
function labelFromKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .replace(/\b(ai|cta|faq|url)\b/g, (word) => word.toUpperCase())
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The label of the field at a map path (`page.services[].title`); a list's item is keyed `item`. */
export function fieldLabel(mapPath: string): string {
  const key = mapPath.endsWith('[]') ? 'item' : mapPath.slice(mapPath.lastIndexOf('.') + 1)
  return FIELDS[mapPath]?.label ?? SHARED_LABELS[key] ?? labelFromKey(key)
}

const itemLabels = Object.entries(FIELDS).flatMap(([path, field]) => (path.endsWith('[]') && field.label ? [field.label] : []))
const GENERIC_ITEM_LABELS = new Set([labelFromKey('item'), ...itemLabels.filter((label, i) => itemLabels.indexOf(label) !== i)])
/** An item label several lists share ("Paragraph", "Step"), or an unlisted item's: alone it does not say which list. */
export const isGenericItemLabel = (label: string) => GENERIC_ITEM_LABELS.has(label)

/**
 * The section of the field at `path` of a `kind` file: its own, or the nearest one of a field it
 * is inside; OFF_PAGE when no section shows it, undefined when the map does not say.
 */
export function sectionOf(kind: ContentKind, path: readonly (string | number)[]): Field['section'] {
  for (let end = path.length; end > 0; end--) {
    const section = FIELDS[mapPathOf(kind, path.slice(0, end))]?.section
    if (section) return section
  }
  return undefined
}

/**
 * The schemas' patterns in words, for the form's message and the guide's limits column. Written for
 * the guide (a phrase, `code` in backticks); the form reads it as a sentence (patternSentence).
 * Image paths are not here: the form picks them, and the guide names their file types.
 */
export const PATTERN_WORDS: Readonly<Record<string, string>> = {
  '^[A-Z]': 'starts with a capital letter',
  '^[A-Z]{2}$': 'two capital letters, e.g. `US`',
  '^[A-Z]{3}$': 'three capital letters, e.g. `USD`',
  '^0[1-8]$': 'two digits from `01` to `08`',
  '^[a-z0-9]+(-[a-z0-9]+)*$': 'lowercase letters and digits, words joined by hyphens, e.g. `mlops-checklist`',
  '^\\d{4}-\\d{2}-\\d{2}$': 'a date written `YYYY-MM-DD`, e.g. `2026-08-18`',
  '^(https?://|/|mailto:|tel:)':
    'a page of this site starting with `/`, or an address starting with `https://`, `http://`, `mailto:` or `tel:`',
  '^/([A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*)?$': 'a page of this site, starting with `/`, e.g. `/blog`',
  '^/ai/[A-Za-z0-9]+(-[A-Za-z0-9]+)*$': 'a landing page address, e.g. `/ai/Ai-Consulting`',
  '^[^<>{}]+[.]$': 'one plain sentence ending with a full stop, without `<`, `>`, `{` or `}`',
  '^[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}$': 'an email address, e.g. `hello@example.com`',
  '^https://[^/]+$': 'the site address with `https://` and nothing after the domain',
}

/** A pattern's words as the form says them: "Two capital letters, e.g. US."; undefined when it has none. */
export function patternSentence(pattern: string): string | undefined {
  const words = PATTERN_WORDS[pattern]?.replace(/`/g, '')
  return words && `${words.charAt(0).toUpperCase()}${words.slice(1)}.`
}
