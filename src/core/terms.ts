/**
 * `{{terms.name}}`: where a page's text inserts the wording legal keeps in content/site.yaml under
 * `terms`. Spaces inside the braces are trimmed after the match: `\s*` around a lazy `[^{}]*?`
 * made a `{{` followed by spaces cost cubic time (4,000 spaces: 20 s).
 */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g
const TERM_NAME = /^terms\.([A-Za-z][A-Za-z0-9]*)$/

/**
 * `text` with each `{{terms.name}}` replaced by that term's wording; a placeholder that names no
 * term stays as written. `heard` hears of each placeholder, and whether it was replaced.
 */
export function insertTerms(
  text: string,
  terms: Readonly<Record<string, string>>,
  heard: (placeholder: string, inserted: boolean) => void = () => {},
): string {
  if (!text.includes('{{')) return text
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = TERM_NAME.exec(inner.trim())?.[1]
    const inserted = name !== undefined && Object.hasOwn(terms, name)
    heard(whole, inserted)
    return inserted ? terms[name] : whole
  })
}
