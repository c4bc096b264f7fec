/**
 * Characters that are never text: C0 controls but tab and line feed, DEL, C1 controls (U+0085
 * included), line and paragraph separators, text-direction overrides and isolates, a byte-order mark,
 * noncharacters, and half of a surrogate pair (React's hydration fails on one). With the `u` flag a
 * surrogate pair is one code point, so only a lone half matches the surrogate range.
 */
export const FORBIDDEN_CHARACTER =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\uFEFF\uD800-\uDFFF]|\p{Noncharacter_Code_Point}/gu

/** The same set, for a test or a search that stops at the first. */
export const ANY_FORBIDDEN = new RegExp(FORBIDDEN_CHARACTER.source, 'u')

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`

/** A forbidden character as an editor can look it up. */
export function describeCharacter(char: string): string {
  const code = char.codePointAt(0)!
  if (code === 0xfeff) return 'a byte-order mark (U+FEFF)'
  if (code === 0x2028) return 'a line separator (U+2028)'
  if (code === 0x2029) return 'a paragraph separator (U+2029)'
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069))
    return `a text-direction control (${codePoint(char)})`
  if (code >= 0xd800 && code <= 0xdfff) return `half of a surrogate pair (${codePoint(char)})`
  if (code <= 0x9f) return `the control character ${codePoint(char)}`
  return `the noncharacter ${codePoint(char)}`
}

/** The first forbidden character of a text, and its place counted in characters from 1. */
export function firstForbiddenCharacter(text: string): { char: string; position: number } | undefined {
  const match = ANY_FORBIDDEN.exec(text)
  return match ? { char: match[0], position: [...text.slice(0, match.index)].length + 1 } : undefined
}
