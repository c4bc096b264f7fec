import { reporter, type Explained } from '../errors.ts'
import { placeholdersIn, type ContractTerms } from '../terms.ts'
import { defineFileRule } from './types.ts'

const messages = {
  TermNotInserted: (written: string): Explained => ({
    message: `${written} is not filled in here; visitors would see it as written`,
    hint: 'Contract terms are inserted only into pages (content/pages) and blog posts (content/blogs). Write the words out in full here; a term in site.yaml cannot insert another term.',
  }),
}

const problem = reporter(messages)

/**
 * Placeholders in a file nothing is inserted into (site.yaml, projects.yaml): each would reach the
 * page as written, whole or not.
 */
export const uninsertedTerms = defineFileRule({
  name: 'uninserted-terms',
  stage: 'content',
  kinds: ['site', 'projects'],
  messages,
  leaf({ path, text }, { source, kind, at }) {
    // site.yaml's own term names, so a bare terms.name is caught there too.
    const known = kind === 'site' ? Object.keys((source.data as { terms?: ContractTerms }).terms ?? {}) : []
    const { whole, nearMisses } = placeholdersIn(text, known)
    return [...new Set([...whole, ...nearMisses])].map((written) => problem('TermNotInserted', at(path), written))
  },
  docs: {
    TermNotInserted: {
      means:
        'A {{…}} placeholder in content/site.yaml or content/projects.yaml. Terms are inserted only into pages and blog posts, so it would reach the site as written.',
      example: ['{{terms.ownership}}'],
    },
  },
})
