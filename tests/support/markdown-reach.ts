/**
 * What GitHub would make active in a piece of its Markdown: the @mentions, the pictures and the
 * links (with where they point). No Markdown parser is among the dependencies, so this reads the
 * sequences that start each of them, as GitHub's renderer does in the parts that matter: a
 * backslash-escaped punctuation character is literal and starts nothing, while mentions are found
 * in the rendered text, where the backslash is gone and entities are decoded.
 */
const ESCAPED = /\\[!-/:-@[-`{-~]/g
/** Stands for an escaped character in the source: literal, so it starts no syntax. */
const LITERAL = '\uE000'

/** The text as rendered: escapes read, numeric entities and &amp; decoded. */
const rendered = (markdown: string) =>
  markdown
    .replace(ESCAPED, (escape) => escape[1])
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, '&')

const all = (text: string, pattern: RegExp, group = 1) => [...text.matchAll(pattern)].map((match) => match[group])

export function activeMarkdown(markdown: string): { mentions: string[]; images: string[]; links: string[] } {
  const text = rendered(markdown)
  const source = markdown.replace(ESCAPED, LITERAL)
  const images = [...all(source, /!\[[^\]]*\]\(\s*<?([^)\s>]*)/g), ...all(source, /<img\b[^>]*\bsrc\s*=\s*"?([^"\s>]*)/gi)]
  const links = [
    ...all(source, /(?<!!)\[[^\]]*\]\(\s*<?([^)\s>]*)/g),
    ...all(source, /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)/gm),
    ...all(source, /<a\b[^>]*\bhref\s*=\s*"?([^"\s>]*)/gi),
    ...all(source, /<((?:https?|ftp|mailto):[^>\s]*)>/gi),
    ...all(source, /(?<![\w/])((?:https?:\/\/|www\.)[^\s<)"]+)/gi),
    ...all(text, /(?<![\w.+-])([\w.+-]+@[A-Za-z0-9-]+\.[\w.-]+)/g),
  ]
  const mentions = all(text, /(?<![\w`])(@[A-Za-z0-9][A-Za-z0-9-]*)/g)
  return { mentions, images, links }
}
