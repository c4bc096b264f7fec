/**
 * The site as the form editor's check gets it: a JSON copy of what the checker reads (SiteSource),
 * served beside /admin. YAML comments are left out (they can hold editors' notes the public never
 * sees), and so is public/, whose problems are never an entry's.
 */
import { Lexer } from 'yaml'
import type { Problem } from './errors.ts'
import type { SiteImage, SiteSource } from './site-index.ts'

/** Where the snapshot is served, under the admin. */
export const SITE_SNAPSHOT_PATH = '/admin/site.json'

export interface SiteSnapshot {
  texts: Record<string, string | Problem>
  contentNames: string[]
  images: Record<string, SiteImage>
}

/** The marks yaml's lexer puts between the source's own tokens: a document's start, a flow's end, a scalar next. */
const DOCUMENT = '\x02'
const FLOW_END = '\x18'
const SCALAR = '\x1f'

/**
 * A file's text without its comments, every other character kept: lines stay where they were.
 * yaml's lexer (no parse, a tenth of its cost) tells a comment from a value that starts with `#`, which
 * is always a scalar's token, right after the scalar mark.
 */
function withoutComments(text: string): string {
  let kept = ''
  let previous = ''
  for (const token of new Lexer().lex(text)) {
    const mark = token === DOCUMENT || token === FLOW_END || token === SCALAR
    if (!mark && !(token.startsWith('#') && previous !== SCALAR)) kept += token
    previous = token
  }
  return kept
}

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
