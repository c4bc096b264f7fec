/**
 * What a content rule is. Each rule is one module of checker/rules/, listed in order by
 * checker/rules/index.ts; its messages come from the catalogue (checker/errors.ts).
 */
import type { ErrorDoc, Messages, Place, Problem } from '../errors.ts'
import type { ContentKind } from '../schemas.ts'
import type { PublicFile, SiteIndex } from '../site-index.ts'
import { placeIn, type PathSegment, type YamlSource } from '../yaml-source.ts'

/** Every kind of content file, for a rule that reads them all. */
export const ALL_KINDS: readonly ContentKind[] = ['page', 'site', 'blog', 'projects', 'redirects']

/** A string of a file: a value, or with `part: 'key'` a field name. */
export interface Leaf {
  path: PathSegment[]
  text: string
  part: 'value' | 'key'
  /** What the schema makes of a value: markup (a $ref to #/$defs/markup) or an image path (a pattern under /images/). */
  role?: 'markup' | 'image'
}

/** One file as a rule sees it: parsed, its contract terms inserted. */
export interface FileUnderCheck {
  source: YamlSource
  kind: ContentKind
  index: SiteIndex
  /** The place of the value at `path` (or of its key), named by that path. */
  at(path: readonly PathSegment[], part?: 'value' | 'key'): Place
}

/** A parsed file as the rules get it, with `at` to name places in it. */
export const fileUnderCheck = (source: YamlSource, kind: ContentKind, index: SiteIndex): FileUnderCheck => ({
  source,
  kind,
  index,
  at: (path, part) => placeIn(source, path, part),
})

interface RuleBase<M extends Messages> {
  /** As its module is named; also the name of what it keeps per file and of its cache. */
  name: string
  /** Its part of the catalogue: each name it reports, with the message and hint it makes. */
  messages: M
  /** The files it reads. */
  kinds: readonly ContentKind[]
  /** Its errors explained for the editors' guide. */
  docs?: { [K in keyof M]?: ErrorDoc<M[K]> }
}

/** A rule on one file's values. */
export interface FileRule<M extends Messages = Messages> extends RuleBase<M> {
  /**
   * 'shape' rules run first. The 'content' rules run after them whatever they find, but read only
   * values of the schema's type: on a file with shape problems a value of the wrong type is left
   * out of what they get, and a rule that throws gives nothing for the file.
   */
  stage: 'shape' | 'content'
  /** Field names are leaves of this rule too. */
  keys?: boolean
  /** Each string of the file, in file order. */
  leaf?(leaf: Leaf, file: FileUnderCheck): Problem[] | undefined
  /** The whole file, after its strings. */
  file?(file: FileUnderCheck): Problem[]
}

/** A file as a site rule gets it: checked, with what the rule kept of it in the file pass. */
interface SiteFile<Kept = unknown> {
  source: YamlSource
  kept?: Kept
}

interface SiteFiles<Kept = unknown> {
  /** Every file under content/ from the root, read or not. */
  contentNames: readonly string[]
  /** Every file under public/ with the bytes that judge it, where public/ is read. */
  publicFiles?: readonly PublicFile[]
  /** Content files new in this change: of two pages alike, the new one is the copy. */
  added: readonly string[]
  /** site.yaml's data, when it passed every check. */
  site?: Record<string, unknown>
  /** The files of the rule's kinds: pages, then blog posts, each in name order. */
  files: readonly SiteFile<Kept>[]
}

/** The context of a rule whose verdict on each file depends on every file; `key` changes when any of it does. */
export interface RuleContext {
  key: string
}

/**
 * A rule across files that judges each file under a context made from them all. Its verdicts are
 * kept by file and context (one cache file per context), so an edit to one page judges that page alone.
 */
interface ByContext<Context extends RuleContext> {
  /** What each file's verdict depends on, from site.yaml and every file; undefined turns the rule off. */
  context(site: Record<string, unknown> | undefined, sources: readonly YamlSource[]): Context | undefined
  verdict(source: YamlSource, context: Context): Problem[]
  /** A verdict's problems as reported, where they point into other files. */
  report?(problems: readonly Problem[], sourceOf: (file: string) => YamlSource | undefined): Problem[]
}

/** A rule across files: what it keeps of each file, then its problems across them all, or its verdict on each file by context. */
export interface SiteRule<
  M extends Messages = Messages,
  Kept = unknown,
  Context extends RuleContext = RuleContext,
> extends RuleBase<M> {
  /** What it needs of each file of its kinds, made in the file pass and kept with the file's result. */
  keep?(file: FileUnderCheck, leaves: readonly Leaf[]): Kept
  /** Its problems across every file. */
  check?(site: SiteFiles<Kept>): Problem[]
  byContext?: ByContext<Context>
}

/** A file rule, its docs checked against its messages. */
export const defineFileRule = <M extends Messages>(rule: FileRule<M>) => rule

/** A site rule, its docs checked against its messages. */
export const defineSiteRule = <M extends Messages, Kept = unknown, Context extends RuleContext = RuleContext>(
  rule: SiteRule<M, Kept, Context>,
) => rule
