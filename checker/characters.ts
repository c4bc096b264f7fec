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

/**
 * Characters that are text but show as nothing or as an ordinary space, which word processors and
 * web pages paste along: soft hyphens, zero-width characters, word joiners, invisible operators,
 * Hangul fillers, and spaces other than the ordinary one (no-break, narrow, figure, em, ideographic).
 * A byte-order mark is a forbidden character (above), not one of these.
 */
const INVISIBLE = /[\u00a0\u00ad\u1680\u180e\u2000-\u200d\u202f\u205f\u2060-\u2064\u3000\u3164\uffa0]|\u034f/gu

const INVISIBLE_NAMES: Record<number, string> = {
  0xa0: 'a no-break space',
  0xad: 'a soft hyphen',
  0x34f: 'a combining grapheme joiner',
  0x180e: 'a Mongolian vowel separator',
  0x200b: 'a zero-width space',
  0x200c: 'a zero-width non-joiner',
  0x200d: 'a zero-width joiner',
  0x202f: 'a narrow no-break space',
  0x2060: 'a word joiner',
  0x3164: 'a Hangul filler',
  0xffa0: 'a Hangul filler',
}

/** An invisible character as an editor can look it up: its name and code. */
export function describeInvisible(char: string): string {
  const code = char.codePointAt(0)!
  const name = INVISIBLE_NAMES[code] ?? (code >= 0x2061 && code <= 0x2064 ? 'an invisible operator' : 'an unusual space')
  return `${name} (${codePoint(char)})`
}

/** Whether an invisible character shows as a space, so that the fix is to type an ordinary one. */
export const isOddSpace = (char: string) => /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/u.test(char)

/** A zero-width joiner between two emoji joins them into one (👩‍💻): there it is part of the emoji. */
const joinsEmoji = (text: string, index: number) =>
  /(?:\p{Extended_Pictographic}|\u{fe0f}|\p{Emoji_Modifier})$/u.test(text.slice(0, index)) &&
  /^\p{Extended_Pictographic}/u.test(text.slice(index + 1))

/** The invisible characters of a text, each with its index, but a joiner that is part of an emoji. */
export function invisibleCharacters(text: string): { char: string; index: number }[] {
  return [...text.matchAll(INVISIBLE)]
    .filter((m) => m[0] !== '\u200d' || !joinsEmoji(text, m.index))
    .map((m) => ({ char: m[0], index: m.index }))
}
