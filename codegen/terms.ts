import { problem, type Problem } from './errors.ts'
import { formatFieldPath, setAt, textLeaves, type YamlSource } from './yaml-source.ts'

/** The standard contract terms of site.yaml, by name: the one wording every page inserts. */
export type ContractTerms = Readonly<Record<string, string>>

/** `{{terms.name}}` inside any text; anything else between double braces is a mistake. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g
const TERM_NAME = /^terms\.([A-Za-z][A-Za-z0-9]*)$/

/**
 * Replaces every `{{terms.name}}` in the file's texts with that term's wording, in place, so the
 * checks and the page see the words a visitor reads. Unknown names are reported where they stand.
 */
export function expandTerms(source: YamlSource, terms: ContractTerms): Problem[] {
  const found: Problem[] = []
  const known = Object.keys(terms)
  for (const { path: at, text } of textLeaves(source.data)) {
    if (!text.includes('{{')) continue
    const expanded = text.replace(PLACEHOLDER, (whole, inner: string) => {
      const name = TERM_NAME.exec(inner)?.[1]
      if (name !== undefined && Object.hasOwn(terms, name)) return terms[name]
      found.push(problem('UnknownTerm', { file: source.file, ...source.locate(at), field: formatFieldPath(at) }, whole, known))
      return whole
    })
    if (at.length === 0) source.data = expanded
    else setAt(source.data, at, expanded)
  }
  return found
}
