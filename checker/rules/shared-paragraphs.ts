import { reporter, shownField, type Explained, type Place } from '../errors.ts'
import { entryOf } from '../map-entry.ts'
import { placeIn, type PathSegment, type YamlSource } from '../yaml-source.ts'
import { copiesLast } from './page-addresses.ts'
import { defineSiteRule } from './types.ts'

const messages = {
  DuplicateParagraph: (other: string): Explained => ({
    message: `this paragraph is also used by ${other}`,
    hint: 'Each page needs its own copy: search engines rank repeated text lower. Rewrite one of them.',
  }),
  CopiedPage: (count: number, other: string, first: string): Explained => ({
    message: `${count} paragraphs of this page are the same as on ${other}: it reads as a copy of that page`,
    hint: `Copying a page is a good start; now write each paragraph for this page, beginning with ${first}. Search engines rank repeated text lower.`,
  }),
}

const problem = reporter(messages)

/** Shortest text that counts as a paragraph. */
const MIN_SHARED_PARAGRAPH = 120

const paragraphKey = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()

/** More shared paragraphs than this between two pages make one problem: the page is a copy. */
const COPIED_PAGE_AT = 4

/** A text long enough to count: where it is, and its words as compared. */
interface ParagraphEntry {
  path: PathSegment[]
  key: string
}

const named = (where: Place) => `${where.file}:${where.line}:${where.column} (${shownField(where.field)})`

/**
 * Every text of 120 characters or more must be on one page only (integration names aside, which are
 * short): copy repeated across pages ranks lower and reads as filler. Both places are reported.
 * Each page's texts are read in the file pass and kept with its result.
 */
export const sharedParagraphs = defineSiteRule({
  name: 'shared-paragraphs',
  kinds: ['page'],
  messages,
  keep: (_file, leaves): ParagraphEntry[] =>
    leaves.flatMap(({ path: at, text }) => {
      const key = paragraphKey(text)
      return key.length < MIN_SHARED_PARAGRAPH ? [] : [{ path: at, key }]
    }),
  check({ files, added }) {
    const seen = new Map<string, { path: PathSegment[]; source: YamlSource }>()
    /** The paragraphs each page shares with an earlier one, by the pair's two files. */
    const shared = new Map<string, { here: Place; there: Place }[]>()
    for (const { source, kept } of copiesLast(files, added)) {
      for (const { path: at, key } of kept ?? []) {
        const first = seen.get(key)
        if (!first) {
          seen.set(key, { path: at, source })
          continue
        }
        if (first.source.file === source.file) continue
        const pair = `${source.file}\0${first.source.file}`
        entryOf(shared, pair, () => []).push({ here: placeIn(source, at), there: placeIn(first.source, first.path) })
      }
    }
    return [...shared.values()].flatMap((pairs) => {
      // A page copied from another is one problem on the copy, not one per paragraph on both.
      if (pairs.length > COPIED_PAGE_AT) {
        const { here, there } = pairs[0]
        return [problem('CopiedPage', here, pairs.length, there.file, `line ${here.line} (${shownField(here.field)})`)]
      }
      return pairs.flatMap(({ here, there }) => [
        problem('DuplicateParagraph', here, named(there)),
        problem('DuplicateParagraph', there, named(here)),
      ])
    })
  },
  docs: {
    DuplicateParagraph: {
      means: 'The same long text (120 characters or more) is on two pages. Each page needs its own words.',
      example: ['content/pages/Ai-Consulting.yaml:14:5 (descriptionOne 1)'],
    },
    CopiedPage: {
      means:
        'More than four long texts of this page are the same as on another page: it was copied and not yet rewritten. Reported once, at its first shared text.',
      example: [12, 'content/pages/Ai-Consulting.yaml', 'line 18 (descriptionOne 1)'],
    },
  },
})
