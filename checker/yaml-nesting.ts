/**
 * How deep a YAML file nests, measured on the parser's tokens before anything builds a tree: every
 * tree builder recurses once per level and runs out of stack where a file opens thousands of brackets.
 */
import { Composer, CST, Parser, YAMLParseError, type Document } from 'yaml'

/** The first list or group of fields in `tokens` (by offset) nested deeper than `max`; undefined when none is. */
export function tooDeepAt(tokens: readonly CST.Token[], max: number): number | undefined {
  let first: number | undefined
  // Depth-first with a stack of its own, never below max + 1: the walk itself cannot run out of stack.
  const stack: [CST.Token, number][] = tokens.flatMap((token) =>
    token.type === 'document' && token.value ? [[token.value, 0]] : [],
  )
  while (stack.length > 0) {
    const [token, outer] = stack.pop()!
    if (!CST.isCollection(token)) continue
    const depth = outer + 1
    if (depth > max) {
      const offset = token.type === 'flow-collection' ? token.start.offset : token.offset
      if (first === undefined || offset < first) first = offset
      continue
    }
    for (const item of token.items) for (const inner of [item.key, item.value]) if (inner) stack.push([inner, depth])
  }
  return first
}

/** The tokens of a file, as `yaml`'s parser reads them; each line's start is counted by `addNewLine`. */
export const yamlTokens = (text: string, addNewLine: (offset: number) => void): CST.Token[] => [
  ...new Parser(addNewLine).parse(text),
]

/**
 * The one document of a file's tokens, as `yaml`'s parseDocument makes it: a second document is an
 * error of the first (MULTIPLE_DOCS).
 */
export function composeDocument(tokens: readonly CST.Token[], length: number): Document.Parsed {
  let doc: Document.Parsed | undefined
  for (const next of new Composer({ uniqueKeys: true }).compose(tokens, true, length)) {
    if (!doc) doc = next
    else {
      doc.errors.push(new YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents'))
      break
    }
  }
  return doc!
}
