/**
 * Field paths as an editor reads them, in the labels of the form editor (tools/form-editor/fields.ts):
 * `faqs[5].answer` of a page is "FAQ 6, answer", items numbered from 1.
 */
import type { ContentKind } from '../../checker/schemas.ts'
import { fieldLabel, isGenericItemLabel } from '../form-editor/fields.ts'

/** A path to one value: keys and array positions, from the document's top. */
export type FieldPath = (string | number)[]

/** Later parts start in lower case, but for a word in capitals ("FAQ", "SVG"). */
const lowerFirst = (label: string) => (/^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1))

/**
 * The editor's name of one field path of a `kind` file: each step's label, and a list's item by its
 * label and number. A list's own label is left out before an item label of its own ("FAQ 6", not
 * "FAQ, FAQ 6") and kept before one that several lists share ("Hero paragraphs, paragraph 2").
 */
export function fieldName(path: FieldPath, kind: ContentKind | undefined): string {
  const parts: string[] = []
  path.forEach((step, i) => {
    const label = fieldLabel(kind, path.slice(0, i + 1))
    if (typeof step !== 'number') parts.push(label)
    else if (isGenericItemLabel(label)) parts.push(`${label} ${step + 1}`)
    else parts.splice(-1, 1, `${label} ${step + 1}`)
  })
  return parts.map((part, i) => (i === 0 ? part.charAt(0).toUpperCase() + part.slice(1) : lowerFirst(part))).join(', ')
}
