import type { Blog, ContentImage, Markup, MarkupBlocks, Page, Site } from '../generated/content-types.ts'

/** An image as the build delivers it: the content's src and alt, plus its intrinsic size. */
export type SizedImage = ContentImage & { width: number; height: number }

/** Content types as rendered: markup fields become parsed blocks; every ContentImage gains its size. */
type Rendered<T> = T extends Markup
  ? MarkupBlocks
  : T extends ContentImage
    ? SizedImage
    : T extends readonly (infer U)[]
      ? Rendered<U>[]
      : T extends object
        ? { [K in keyof T]: Rendered<T[K]> }
        : T

/** A page as the browser gets it: `audience` serves the build's claim checks only and is left out. */
export type PageData = Omit<Rendered<Page>, 'audience'>
export type SiteData = Rendered<Site>
export type BlogData = Rendered<Blog>
export type PageCategory = Page['category']

interface PageModule {
  default: PageData
}

/** One entry of the generated route manifest. */
export interface PageRoute {
  route: string
  label: string
  category: PageCategory
  load: () => Promise<PageModule>
}
