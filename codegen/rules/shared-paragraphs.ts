import { createHash } from 'node:crypto'
import { problem, type Problem } from '../errors.ts'
import { formatFieldPath, type PathSegment, type YamlSource } from '../yaml-source.ts'
import { defineSiteRule } from './types.ts'

/** Shortest text that counts as a paragraph. */
const MIN_SHARED_PARAGRAPH = 120

const paragraphKey = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()

/** A text long enough to count: where it is, and a hash of its words. */
interface ParagraphEntry {
  path: PathSegment[]
  key: string
}

/**
 * Every text of 120 characters or more must be on one page only (integration names aside, which are
 * short): copy repeated across pages ranks lower and reads as filler. Both places are reported.
 * Each page's texts are hashed in the file pass and kept with its result.
 */
export const sharedParagraphs = defineSiteRule({
  name: 'shared-paragraphs',
  scope: 'site',
  kinds: ['page'],
  reports: ['DuplicateParagraph'],
  keep: (_file, leaves): ParagraphEntry[] =>
    leaves.flatMap(({ path: at, text }) => {
      const key = paragraphKey(text)
      return key.length < MIN_SHARED_PARAGRAPH ? [] : [{ path: at, key: createHash('sha256').update(key).digest('base64url') }]
    }),
  check({ files }) {
    const seen = new Map<string, { path: PathSegment[]; source: YamlSource }>()
    const problems: Problem[] = []
    for (const { source, kept } of files) {
      for (const { path: at, key } of kept ?? []) {
        const first = seen.get(key)
        if (!first) {
          seen.set(key, { path: at, source })
          continue
        }
        if (first.source.file === source.file) continue
        const here = { file: source.file, ...source.locate(at), field: formatFieldPath(at) }
        const there = { file: first.source.file, ...first.source.locate(first.path), field: formatFieldPath(first.path) }
        problems.push(problem('DuplicateParagraph', here, `${there.file}:${there.line}:${there.column} (${there.field})`))
        problems.push(problem('DuplicateParagraph', there, `${here.file}:${here.line}:${here.column} (${here.field})`))
      }
    }
    return problems
  },
  docs: {
    DuplicateParagraph: {
      means: 'The same long text (120 characters or more) is on two pages. Each page needs its own words.',
      example: ['content/pages/Ai-Consulting.yaml:14:5 (descriptionOne[0])'],
    },
  },
})
