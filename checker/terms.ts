import { insertTerms } from '../src/core/terms.ts'
import { anyOf } from './claim-phrases.ts'
import { problem, shownField, type Problem } from './errors.ts'
import { MAX_CONTENT_FILE_BYTES } from './limits.ts'
import { entryOf } from './map-entry.ts'
import { formatFieldPath, placeIn, setAt, textLeaves, type PathSegment, type YamlSource } from './yaml-source.ts'

/** The standard contract terms of site.yaml, by name: the one wording every page inserts. */
export type ContractTerms = Readonly<Record<string, string>>

/** A placeholder written whole and standing alone: no brace of a neighbour doubles either end. */
const WHOLE_PLACEHOLDER = /(?<!\{)\{\{[^{}]*\}\}(?!\})/g

/**
 * What is left of a placeholder written wrongly once the whole ones are set aside: `{terms.x}}`,
 * `{{terms.x}`, `{{{terms.x}}}`, `terms.x}}`, nested braces, or a lone `{{` or `}}`. A single brace
 * around another word (`{year}` in the footer) is not a placeholder and is left alone. A run of
 * braces is tried from its first brace only, so a long run costs linear time.
 */
const NEAR_MISS = String.raw`(?<!\{)\{+\s*terms\s*\.\s*[A-Za-z0-9_]*\s*\}*|\bterms\s*\.\s*[A-Za-z0-9_]+\s*\}+|\{\{|\}\}`
const nearMissRules = new Map<string, RegExp>()
/** The near misses, and a known term's name written without braces (`terms.ownership`). */
const nearMissRule = (known: readonly string[]): RegExp =>
  entryOf(nearMissRules, known.join('\0'), () => {
    const bare = known.length > 0 ? String.raw`|\bterms\.(?:${anyOf(known)})\b` : ''
    return new RegExp(NEAR_MISS + bare, 'gi')
  })

/** A text that may hold a placeholder or a near miss: most texts hold neither brace nor "terms.". */
const MAY_HOLD_PLACEHOLDER = /[{}]|terms\s*\./i

/** The placeholders of a text: each whole one, and each distinct near miss. */
export function placeholdersIn(text: string, known: readonly string[]): { whole: string[]; nearMisses: string[] } {
  if (!MAY_HOLD_PLACEHOLDER.test(text)) return { whole: [], nearMisses: [] }
  const whole = text.match(WHOLE_PLACEHOLDER) ?? []
  // Whole placeholders are blanked, not cut, so their neighbours do not join into a near miss.
  const rest = text.replace(WHOLE_PLACEHOLDER, (found) => ' '.repeat(found.length))
  const missed = [...new Set((rest.match(nearMissRule(known)) ?? []).map((m) => m.trim()))]
  return { whole, nearMisses: missed }
}

/**
 * Replaces every `{{terms.name}}` in the file's texts with that term's wording, in place, so the
 * checks and the page see the words a visitor reads. Unknown names and near misses are reported
 * where they stand, and so is a file whose insertions make it larger than any file may be.
 * `leaves` are the file's strings as the checker walked them (textLeaves), changed with the data.
 */
export function expandTerms(
  source: YamlSource,
  terms: ContractTerms,
  leaves: { path: PathSegment[]; text: string }[] = textLeaves(source.data),
): Problem[] {
  const found: Problem[] = []
  const known = Object.keys(terms)
  const at = (path: PathSegment[]) => placeIn(source, path)
  let insertions = 0
  let mostInsertions: { path: PathSegment[]; count: number } = { path: [], count: 0 }
  for (const leaf of leaves) {
    const { path, text } = leaf
    const { nearMisses } = placeholdersIn(text, known)
    for (const written of nearMisses) found.push(problem('MalformedTerm', at(path), written, known))
    if (!text.includes('{{')) continue
    let count = 0
    const expanded = insertTerms(text, terms, (whole, inserted) => {
      if (inserted) count++
      else found.push(problem('UnknownTerm', at(path), whole, known))
    })
    insertions += count
    if (count > mostInsertions.count) mostInsertions = { path, count }
    leaf.text = expanded
    if (path.length === 0) source.data = expanded
    else setAt(source.data, path, expanded)
  }
  // Insertions multiply text past the limit on the file's size (12,000 in a 189 KB file made 1.9 MB).
  if (insertions > 0) {
    const bytes = leaves.reduce((sum, { text }) => sum + Buffer.byteLength(text), 0)
    const mostIn = shownField(formatFieldPath(mostInsertions.path))
    if (bytes > MAX_CONTENT_FILE_BYTES)
      found.push(problem('ExpandedTooLarge', at(mostInsertions.path), bytes, MAX_CONTENT_FILE_BYTES, insertions, mostIn))
  }
  return found
}
