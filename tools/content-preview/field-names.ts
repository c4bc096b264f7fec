/**
 * Field paths as an editor reads them: `faqs[5].answer` is "FAQ 6, answer", numbered from 1, named
 * as the page shows them, with the YAML key after a name that could be unclear.
 */

/** A path to one value: keys and array positions, from the document's top. */
export type FieldPath = (string | number)[]

/**
 * Names of the keys of page, blog post and site files. A list's items are named `item` and numbered;
 * the list's own name is left out before an item ("FAQ 6", not "FAQs, FAQ 6") unless `keep` is set.
 */
const NAMES: Record<string, { name: string; item?: string; keep?: boolean }> = {
  metaTitle: { name: 'Browser-tab title (metaTitle)' },
  metaDescription: { name: 'Search description (metaDescription)' },
  label: { name: 'Short name (label)' },
  category: { name: 'Category' },
  audience: { name: 'Audience' },
  title1: { name: 'Heading, first part (title1)' },
  title2: { name: 'Heading, second part (title2)' },
  img1: { name: 'Picture 1' },
  img2: { name: 'Picture 2' },
  img3: { name: 'Picture 3' },
  descriptionOne: { name: 'Opening text', item: 'paragraph', keep: true },
  descriptionTwo: { name: 'Second text block', item: 'paragraph', keep: true },
  descriptionThree: { name: 'Third text block', item: 'paragraph', keep: true },
  serviceTitle: { name: 'Services heading' },
  services: { name: 'Services', item: 'Service' },
  stepsVariant: { name: 'Steps style' },
  our_steps_title: { name: 'Steps heading' },
  our_steps_description: { name: 'Steps introduction' },
  our_steps: { name: 'Steps, first row', item: 'step', keep: true },
  our_steps2: { name: 'Steps, second row', item: 'step', keep: true },
  areas_of_specialization: { name: 'Areas of specialization' },
  integrations: { name: 'Integrations', item: 'Integration' },
  why_choose_title: { name: 'Why-choose heading' },
  why_choose: { name: 'Why choose us', item: 'Reason' },
  faqTitle: { name: 'FAQ label (faqTitle)' },
  faqs_title: { name: 'FAQ heading (faqs_title)' },
  faqs: { name: 'FAQs', item: 'FAQ' },
  contactUsToday: { name: 'Closing call to action', item: 'paragraph', keep: true },
  // Blog posts.
  meta_title: { name: 'Browser-tab title (meta_title)' },
  meta_desc: { name: 'Search description (meta_desc)' },
  custom_url: { name: 'Address (custom_url)' },
  image: { name: 'Picture' },
  description: { name: 'Text' },
  // content/site.yaml.
  nav: { name: 'Menu', item: 'Menu item' },
  partners: { name: 'Partner logos', item: 'Partner' },
  numbers: { name: 'Numbers band', item: 'Number' },
  toolStack: { name: 'Tool stack', item: 'Tool' },
  footer: { name: 'Footer' },
  labels: { name: 'Labels' },
  consultation: { name: 'Consultation form' },
}

/** Names of keys inside a field, after the top-level name. */
const INNER_NAMES: typeof NAMES = {
  answer: { name: 'answer', item: 'paragraph', keep: true },
  benefits: { name: 'benefits', item: 'benefit' },
  items: { name: 'items', item: 'item' },
  desc: { name: 'description' },
  src: { name: 'picture file' },
  alt: { name: 'picture description (alt)' },
}

/** `our_steps_title` as words: "our steps title"; `metaTitle`: "meta title". */
const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()

/** The editor's name of one field path: faqs[5].answer → "FAQ 6, answer". */
export function fieldName(path: FieldPath): string {
  const parts: string[] = []
  const named = (key: string | number, i: number) => (typeof key === 'string' ? (i === 0 ? NAMES : INNER_NAMES)[key] : undefined)
  path.forEach((step, i) => {
    if (typeof step === 'number') {
      parts.push(`${named(path[i - 1], i - 1)?.item ?? 'item'} ${step + 1}`)
      return
    }
    const known = named(step, i)
    if (known?.item && !known.keep && typeof path[i + 1] === 'number') return
    parts.push(known?.name ?? words(step))
  })
  const text = parts.join(', ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}
