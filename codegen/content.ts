/**
 * Loading the content of a project folder: the site read from disk (read-site.ts) and checked
 * (check-site.ts), each file's result remembered by what it is made from (file-results.ts), so a
 * build checks each file once and a later build only the files that changed.
 */
import { checkSite, type CheckedSite } from '../checker/check-site.ts'
import { compileContentFile, storeOf, verdictMemory } from './file-results.ts'
import { keptIndex, readSite } from './read-site.ts'
import { withDraft, type Draft, type SiteSource } from '../checker/site-index.ts'

/** The content of a project: its check, with the folder and the site (SiteSource) it was read from. */
export interface ContentSet extends CheckedSite {
  root: string
  source: SiteSource
}

/**
 * Loads, checks and renders every content file under `root`, with `draft` (an entry the form
 * editor has not saved) in place of its file. All problems come back in one run.
 */
export function loadContent(root: string, draft?: Draft): ContentSet {
  const source = withDraft(readSite(root), draft)
  const index = keptIndex(root, source.texts.keys(), source.images)
  const store = storeOf(index)
  // What this run checks is written to the disk cache in one transaction at the end.
  const flush = store?.defer()
  try {
    const checked = checkSite(source, index, {
      compile: (file, text, kind, terms) => compileContentFile(file, text, kind, index, terms),
      verdicts: verdictMemory(store),
    })
    return { root, source, ...checked }
  } finally {
    flush?.()
  }
}
