/**
 * The site as the form editor's check gets it: a JSON copy of what the checker reads (site-index.ts
 * SiteSource), written beside the built /admin and answered fresh by `npm run cms`. Comments are
 * left out of each file (they can hold editors' notes the public site never shows); the data, key
 * order and values stay, and the form reports only the entry's own problems, whose places are in
 * its own text. public/'s files are not in it: their problems are never an entry's.
 */
import { isNode, parseDocument, visit } from 'yaml'
import type { Problem } from './errors.ts'
import type { SiteImage, SiteSource } from './site-index.ts'

/** Where the snapshot is served, under the admin. */
export const SITE_SNAPSHOT_PATH = '/admin/site.json'

export interface SiteSnapshot {
  texts: Record<string, string | Problem>
  contentNames: string[]
  images: Record<string, SiteImage>
}

/** A file's text without its comments; a text YAML cannot read is kept as it is (its problems are its own). */
function withoutComments(text: string): string {
  const document = parseDocument(text, { keepSourceTokens: false })
  if (document.errors.length > 0) return text
  document.commentBefore = null
  document.comment = null
  visit(document, {
    Node(_key, node) {
      node.comment = null
      node.commentBefore = null
    },
    Pair(_key, pair) {
      if (isNode(pair.key)) pair.key.commentBefore = pair.key.comment = null
    },
  })
  return document.toString({ lineWidth: 0 })
}

/** The snapshot of `source`. */
export function snapshotOf(source: SiteSource): SiteSnapshot {
  return {
    texts: Object.fromEntries(
      [...source.texts].map(([file, text]) => [file, typeof text === 'string' ? withoutComments(text) : text]),
    ),
    contentNames: [...source.contentNames],
    images: Object.fromEntries(source.images),
  }
}

/** The site a snapshot holds, as the checker takes it. */
export function sourceOfSnapshot(snapshot: SiteSnapshot): SiteSource {
  return {
    texts: new Map(Object.entries(snapshot.texts)),
    contentNames: snapshot.contentNames,
    images: new Map(Object.entries(snapshot.images)),
  }
}
