import { reporter, type Problem, type Explained } from '../errors.ts'
import { placeIn, type YamlSource } from '../yaml-source.ts'
import { copiesLast } from './page-addresses.ts'
import { defineSiteRule } from './types.ts'

const messages = {
  DuplicateTitle: (field: string, text: string, other: string): Explained => ({
    message: `${field} "${text}" is the same as on ${other}`,
    hint:
      field === 'label'
        ? 'Menus, the footer and the home page would list two entries with one name: give this page a label of its own.'
        : field === 'metaTitle'
          ? 'Search results would show two pages under one title, and rank neither well: give this page a title of its own.'
          : 'Two pages would open with the same heading: write one that says what this page is about.',
  }),
}

const problem = reporter(messages)

/** The fields that name a page to visitors: the search-result title, the menu entry and the main heading. */
const TITLE_FIELDS = ['metaTitle', 'label', 'title1'] as const

/** A page's title as compared: letter case and spacing aside. */
const titleKey = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase()

/** One title of a page, as kept in the file pass. */
interface KeptTitle {
  field: string
  text: string
  key: string
}

/**
 * No two pages may share a metaTitle, a label or a title1: a page copied and left unchanged gives two
 * menu entries of one name and two search results of one title. Reported on the later page (in name
 * order, a file whose name cannot be an address after the others: that is the copy), naming the first.
 */
export const duplicateTitles = defineSiteRule({
  name: 'duplicate-titles',
  kinds: ['page'],
  messages,
  keep: (_file, leaves): KeptTitle[] =>
    leaves.flatMap(({ path, text }) =>
      path.length === 1 && (TITLE_FIELDS as readonly unknown[]).includes(path[0])
        ? [{ field: String(path[0]), text, key: titleKey(text) }]
        : [],
    ),
  check({ files, added }) {
    const first = new Map<string, YamlSource>()
    const problems: Problem[] = []
    for (const { source, kept } of copiesLast(files, added)) {
      for (const { field, text, key } of kept ?? []) {
        const id = `${field}\0${key}`
        const other = first.get(id)
        if (other === undefined) {
          first.set(id, source)
          continue
        }
        const here = placeIn(source, [field])
        const there = other.locate([field])
        problems.push(problem('DuplicateTitle', here, field, text, `${other.file}:${there.line}:${there.column}`))
      }
    }
    return problems
  },
  docs: {
    DuplicateTitle: {
      means:
        'Two pages have the same metaTitle, label or title1, usually because a page was copied and not yet rewritten. Menus would list two entries with one name, and search results two pages with one title.',
      example: ['label', 'AI Consulting in Chicago', 'content/pages/ai-consulting-chicago.yaml:4:8'],
    },
  },
})
