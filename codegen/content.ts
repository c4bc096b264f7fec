/** A project's content read (read-site.ts) and checked, each file's result kept by its inputs (file-results.ts). */
import { checkSite, type CheckedSite } from '../checker/check-site.ts'
import { compileContentFile, storeOf, verdictMemory } from './file-results.ts'
import { keptIndex, readSite } from './read-site.ts'
import { withDraft, type Draft, type SiteSource } from '../checker/site-index.ts'

/** The content of a project: its check, with the folder and the site (SiteSource) it was read from. */
export interface ContentSet extends CheckedSite {
  root: string
  source: SiteSource
}

/** Loads, checks and renders every content file under `root`, `draft` (unsaved in the form editor) in place of its file. */
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
