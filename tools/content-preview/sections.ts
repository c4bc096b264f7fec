/**
 * Where on a built page a changed field shows: the element a cropped screenshot takes. Each field's
 * section comes from its schema's editorSection (tools/form-editor/fields.ts); this adds what
 * depends on the one item or the one page: a single FAQ, the place of the third text block, a
 * post's page or its card.
 */
import { contentKindOf } from '../../checker/content-files.ts'
import { OFF_PAGE, SECTIONS, sectionOf, type Section, type SectionKey } from '../form-editor/fields.ts'
import { fieldName, type FieldPath } from './field-names.ts'

export interface CropTarget extends Section {
  /** Short and file-safe: names the picture, e.g. `faq`. */
  key: string
}

const targetOf = (key: SectionKey): CropTarget => ({ key, ...SECTIONS[key] })

const hasParagraphs = (value: unknown) => Array.isArray(value) && value.length > 0

/**
 * The section of `route` that shows field `path` of `file`, whose text is `doc`; undefined when the
 * field shows in no one section (a meta title, a label used in many places).
 */
export function cropTargetOf(route: string, file: string, path: FieldPath, doc: unknown): CropTarget | undefined {
  const kind = contentKindOf(file)
  const section = kind && sectionOf(kind, path)
  if (!kind || section === OFF_PAGE) return undefined
  // A post shows on its own page, and as a card in the Recent Blogs of every landing page.
  if (kind === 'blog')
    return route.startsWith('/blog/') ? targetOf('post') : route.startsWith('/ai/') ? targetOf('recent-blogs') : undefined
  if (!section) return undefined
  // One question of a long FAQ: its item alone, answer open.
  if (section === 'faq' && typeof path[1] === 'number') {
    const item = path.slice(0, 2)
    const key = `faq-${path[1] + 1}`
    return { key, label: fieldName(item, kind), selector: `${SECTIONS.faq.selector} .faq__item >> nth=${path[1]}` }
  }
  // Without a second text block, the third is the first `.intro--more`.
  if (section === 'block-3' && !hasParagraphs((doc as { descriptionTwo?: unknown } | undefined)?.descriptionTwo))
    return { ...targetOf('block-3'), selector: SECTIONS['block-2'].selector }
  return targetOf(section)
}

/** The section that shows a picture of public/ (`/images/x.svg`), wherever it is. */
export const pictureTarget = (publicPath: string): CropTarget => ({
  key: `picture-${publicPath.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '')}`,
  label: `Picture ${publicPath}`,
  selector: `section:has(img[src="${publicPath.replace(/"/g, '\\"')}"]) >> nth=0`,
})
