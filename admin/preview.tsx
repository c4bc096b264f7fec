/**
 * The live preview of a landing page: the landing layout's own sections with the entry being edited.
 * Decap's preview has its own React; the sections need React 19, so they render into a root of our own
 * inside Decap's preview element. The page's head is left out: it would change the admin's own.
 */
import type { DOMPurify } from 'dompurify'
import { useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import terms from 'site-part:terms'
import { walkData, type JsonSchema } from '../checker/json-schema.ts'
import pageSchema from '../schema/page.schema.json'
import type { Page } from '../src/generated/content-types.ts'
import type { PageData } from '../src/core/content.ts'
import { PURIFY_CONFIG, toBlocks } from '../src/core/markup-html.ts'
import { sanitizeHtml } from '../src/features/blog/html-body.ts'
import { insertTerms } from '../src/core/terms.ts'
import type { MarkupNode } from '../src/core/markup-policy.ts'
import { LandingSections } from '../src/features/landing/LandingPage.tsx'
import { ConsultationProvider } from '../src/lib/consultation.tsx'
import { createSiteDataStore, SiteDataProvider } from '../src/lib/site-data.tsx'
import { emptySiteData } from '../src/lib/initial-data.ts'
import { keepBlogList } from '../src/lib/fetch-site-data.ts'
import type { CmsReact, PreviewProps } from './decap.ts'
import { addressProblem } from './address-widget.ts'
import { DraftCheck, type DraftRequest } from './draft-check.tsx'
import { ADDRESS_FIELD } from './names.ts'

/** The name a new page is checked under before it has an address. */
const NO_ADDRESS_YET = 'new-page'
import { entryFileText } from './format.ts'

/** `{{terms.name}}` replaced with the wording of site.yaml, as the build inserts it. */
const withTerms = (text: string) => insertTerms(text, terms)

/** One markup string as the blocks a page renders: sanitized as the build sanitizes it. */
const markupBlocks = (purify: DOMPurify, html: string): MarkupNode[] =>
  toBlocks(sanitizeHtml(withTerms(html), PURIFY_CONFIG, purify))

/** The page schema's refs that mark a value the build turns into something else. */
const isMarkup = (refs: readonly string[]) => refs.some((ref) => ref.endsWith('/markup'))
const isImage = (schema: JsonSchema) => schema.properties?.src !== undefined && schema.properties.alt !== undefined

/**
 * The entry's data as the build gives it to the page, walked beside the page schema: terms inserted,
 * markup parsed into blocks, images sized 640 by 480 (only the build knows the real size), lists empty.
 */
function pageData(data: Partial<Page>, purify: DOMPurify): PageData {
  const out = structuredClone(data) as Record<string, unknown>
  for (const [key, field] of Object.entries(pageSchema.properties))
    if (out[key] === undefined && (field as JsonSchema).type === 'array') out[key] = []
  walkData(data, pageSchema as JsonSchema, {
    value(value, path, described) {
      if (path.length === 0 || !described) return
      const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((n, s) => n[s] as never, out)
      const last = path[path.length - 1]
      if (typeof value === 'string') parent[last] = isMarkup(described.refs) ? markupBlocks(purify, value) : withTerms(value)
      else if (value && typeof value === 'object' && isImage(described.schema))
        parent[last] = { ...(value as object), width: 640, height: 480 }
    },
  })
  return out as unknown as PageData
}

/** The landing layout's sections as the site renders them; no popup and no posts: the preview calls no API. */
function LandingPreview({ page }: { page: PageData }) {
  const [store] = useState(() => {
    const empty = createSiteDataStore({ ...emptySiteData, blogsLoading: false })
    keepBlogList(empty)
    return empty
  })
  return (
    <SiteDataProvider store={store}>
      <ConsultationProvider>
        <div className="landing">
          <LandingSections page={page} />
        </div>
      </ConsultationProvider>
    </SiteDataProvider>
  )
}

/**
 * The page as a save would write it, for the content check, named as Decap will name its file: by the
 * address field, or a stand-in name until that holds an address (its own widget says what is wrong).
 */
function draftOf(entry: PreviewProps['entry'], data: Partial<Page> & { [ADDRESS_FIELD]?: string }): DraftRequest {
  const address = String(data[ADDRESS_FIELD] ?? '')
  const slug = String(entry.get('slug') || (addressProblem(address) ? NO_ADDRESS_YET : address))
  let text: string
  try {
    text = entryFileText('pages', data, String(entry.get('raw') ?? ''))
  } catch (error) {
    // The writer refuses what would not read back; the check then says so as the save would.
    text = `# ${(error as Error).message}\n:`
  }
  return { collection: 'pages', slug, text, isNew: entry.get('newRecord') === true }
}

interface PreviewTemplate {
  props: PreviewProps
  element: HTMLElement | null
  root?: Root
  paint(): void
}

/** Decap's preview template of the pages collection: a host element, and our own React root inside it. */
export function landingPreview({ h, createClass }: CmsReact, purify: DOMPurify) {
  return createClass({
    componentDidMount(this: PreviewTemplate) {
      if (this.element) this.root = createRoot(this.element)
      this.paint()
    },
    componentDidUpdate(this: PreviewTemplate) {
      this.paint()
    },
    componentWillUnmount(this: PreviewTemplate) {
      const root = this.root
      // Unmounted after Decap's own commit, never inside it.
      queueMicrotask(() => root?.unmount())
    },
    paint(this: PreviewTemplate) {
      const { entry } = this.props
      const data = (entry.get('data') as { toJS(): Partial<Page> } | undefined)?.toJS() ?? {}
      const draft = draftOf(entry, data)
      this.root?.render(
        <>
          <DraftCheck
            entry={draft}
            address={entry.get('newRecord') ? (draft.slug === NO_ADDRESS_YET ? null : `/ai/${draft.slug}`) : undefined}
          />
          <LandingPreview page={pageData(data, purify)} />
        </>,
      )
    },
    render(this: PreviewTemplate) {
      return h('div', {
        className: 'site-preview',
        ref: (element: HTMLElement | null) => {
          this.element = element
        },
      })
    },
  })
}
