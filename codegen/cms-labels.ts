/**
 * What the form editor (/admin) calls each field: the names editors see on the page, not the keys
 * of the YAML. One place for every label; a field missing here is named from its key ("Our steps
 * title" for our_steps_title). Keys are data paths: `page.services[].title` is the title of every
 * service card.
 */
export const FIELD_LABELS: Record<string, string> = {
  'page.metaTitle': 'Search title (browser tab)',
  'page.metaDescription': 'Search description',
  'page.label': 'Menu label',
  'page.category': 'Listed under',
  'page.audience': "Readers' place (location pages)",
  'page.audience.places': 'Place names',
  'page.audience.places[]': 'Place',
  'page.audience.country': 'Country code',
  'page.audience.timeZone': 'Time zone',
  'page.title1': 'Hero heading',
  'page.title2': 'Hero heading, accent part',
  'page.img1': 'Hero image',
  'page.img2': 'Second block image',
  'page.img3': 'Third block image',
  'page.descriptionOne': 'Hero paragraphs',
  'page.descriptionOne[]': 'Paragraph',
  'page.descriptionTwo': 'Second block paragraphs',
  'page.descriptionTwo[]': 'Paragraph',
  'page.descriptionThree': 'Third block paragraphs',
  'page.descriptionThree[]': 'Paragraph',
  'page.serviceTitle': 'Services heading',
  'page.services': 'Service cards',
  'page.services[]': 'Service card',
  'page.services[].num': 'Card number',
  'page.services[].title': 'Service name',
  'page.services[].desc': 'Card text',
  'page.services[].img': 'Icon',
  'page.services[].benefits': 'Benefit checklist',
  'page.services[].benefits[]': 'Benefit',
  'page.stepsVariant': 'Process section shows',
  'page.our_steps_title': 'Process heading',
  'page.our_steps_description': 'Process lead',
  'page.our_steps': 'Process steps, first row',
  'page.our_steps[]': 'Step',
  'page.our_steps2': 'Process steps, second row',
  'page.our_steps2[]': 'Step',
  'page.areas_of_specialization': 'Areas of specialization',
  'page.areas_of_specialization.title': 'Areas heading',
  'page.areas_of_specialization.items': 'Area cards',
  'page.areas_of_specialization.items[]': 'Area card',
  'page.integrations': 'Integrations',
  'page.integrations[]': 'Integration',
  'page.integrations[].name': 'Name',
  'page.integrations[].img': 'Icon (SVG)',
  'page.integrations[].img2': 'Icon (PNG fallback)',
  'page.why_choose_title': 'Why-choose heading',
  'page.why_choose': 'Why-choose cards',
  'page.why_choose[]': 'Why-choose card',
  'page.faqTitle': 'FAQ label',
  'page.faqs_title': 'FAQ heading',
  'page.faqs': 'FAQ',
  'page.faqs[]': 'Question and answer',
  'page.faqs[].question': 'Question',
  'page.faqs[].answer': 'Answer',
  'page.contactUsToday': 'Closing call to action',
  'blog.id': 'Post number',
  'blog.custom_url': 'Address (after /blog/)',
  'blog.title': 'Post heading',
  'blog.meta_title': 'Search title (browser tab)',
  'blog.meta_desc': 'Search description',
  'blog.image': 'Cover image',
  'blog.published': 'Published on (YYYY-MM-DD)',
  'blog.author': 'Author',
  'blog.description': 'Post text',
  'blog.description[]': 'Paragraph',
  'site.company': 'Company',
  'site.facts': 'Company facts (checked on every page)',
  'site.terms': 'Contract terms ({{terms.…}})',
  'site.links': 'Common links',
  'site.nav': 'Main menu',
  'site.labels': 'Interface words',
  'site.partners': 'Partner logos',
  'site.numbers': 'Numbers band',
  'site.toolStack': 'Tool stack',
  'site.serviceIcons': 'Service card icons',
  'site.consultation': "'Talk to Expert' form",
  'site.home': 'Home page',
  'site.blog': 'Blog page',
  'site.thankYou': 'Thank-you page',
  'site.notFound': 'Page not found',
  'site.footer': 'Footer',
  'site.privacy': 'Privacy page',
}

/** The label of a card, image or text wherever it appears: the definitions pages share. */
const SHARED_LABELS: Record<string, string> = {
  src: 'Image file',
  alt: 'Alt text (what the image shows)',
  title: 'Title',
  desc: 'Text',
  stepNo: 'Step label',
}

/** "our_steps_title" → "Our steps title", "metaTitle" → "Meta title". */
function labelFromKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The label of the field at `path` (`page.services[].title`), named `key`. */
export const fieldLabel = (path: string, key: string) => FIELD_LABELS[path] ?? SHARED_LABELS[key] ?? labelFromKey(key)

/**
 * What a form says when a value does not match its field's format, by the schema's pattern; a
 * pattern not listed here points the editor at the field's hint.
 */
export const PATTERN_MESSAGES: Record<string, string> = {
  '^[A-Z]': 'Start with a capital letter.',
  '^[A-Z]{2}$': 'Two capital letters, e.g. US.',
  '^[A-Z]{3}$': 'Three capital letters, e.g. USD.',
  '^0[1-8]$': 'Two digits from 01 to 08.',
  '^[a-z0-9]+(-[a-z0-9]+)*$': 'Lowercase words joined by hyphens, e.g. mlops-checklist.',
  '^\\d{4}-\\d{2}-\\d{2}$': 'A date written YYYY-MM-DD, e.g. 2026-08-18.',
  '^(https?://|/|mailto:|tel:)': 'A link: https://…, a page of this site starting with /, mailto: or tel:.',
  '^/([A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*)?$': 'A page of this site, starting with /, e.g. /blog.',
  '^/ai/[A-Za-z0-9]+(-[A-Za-z0-9]+)*$': 'A landing page address, e.g. /ai/Ai-Consulting.',
  '^[^<>{}]+[.]$': 'One plain sentence ending with a full stop, without <, >, { or }.',
  '^[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}$': 'An email address, e.g. hello@example.com.',
  '^https://[^/]+$': 'The site address with https:// and nothing after the domain.',
}
