/** What a build hands the content plugin and the server render: each page's checked data, and its addresses' version. */
export interface BuildContent {
  pageData: (file: string) => unknown
  pageDataVersion: string
}

/** A data module: a page's, a part of site.yaml. JSON.parse of a string literal is faster for engines than an object literal of the same size. */
export const dataModule = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))})`

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
/** Names a module's `export const` may not take. */
const RESERVED = new Set(
  `await break case catch class const continue debugger default delete do else enum eval export extends false finally for
  function if implements import in instanceof interface let new null package private protected public return static super
  switch this throw true try typeof var void while with yield arguments`.split(/\s+/),
)

/** True when a module can export each of `names` as `export const`. */
export const exportableNames = (names: readonly string[]) => names.every((name) => IDENTIFIER.test(name) && !RESERVED.has(name))

/** True for a flat object of words under names a module can export (site.yaml's `labels`). */
export const isWords = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  exportableNames(Object.keys(value)) &&
  Object.values(value).every((word) => typeof word === 'string')

/** A module of words, one export each and all as the default: code importing words by name carries only those. */
export const wordsModule = (words: Record<string, string>) =>
  Object.entries(words)
    .map(([key, word]) => `export const ${key} = ${JSON.stringify(word)}\n`)
    .join('') + `export default { ${Object.keys(words).join(', ')} }\n`
