import { createContext, use, useSyncExternalStore, type ReactNode } from 'react'
import type { ApiBlog } from '../core/blog'
import { initialData } from './initial-data'

/**
 * A post's body as the store holds it: asked for, arrived (the build's blocks or another API's
 * HTML), or not to be had (a failed or malformed answer, or a post without one).
 */
export type PostBody = 'loading' | 'unavailable' | { description: NonNullable<ApiBlog['description']> }

/**
 * Data fetched once and shared by every page, never refetched on navigation: the blog list, asked
 * for when a part that shows it first hydrates, and the body of each post opened, asked for when its page first needs it.
 */
export interface SiteDataState {
  blogs: ApiBlog[]
  blogsLoading: boolean
  /** Bodies by custom_url; a prerendered post page brings its own, so it hydrates without a fetch. */
  bodies?: Record<string, PostBody>
}

export interface SiteDataStore {
  get(): SiteDataState
  set(patch: Partial<SiteDataState>): void
  subscribe(listener: () => void): () => void
  /** What the server rendered with; hydration must start from the same state. */
  initial: SiteDataState
}

export function createSiteDataStore(initial: SiteDataState): SiteDataStore {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    initial,
    get: () => state,
    set(patch) {
      state = { ...state, ...patch }
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

const SiteDataContext = createContext<SiteDataStore | null>(null)

/** The browser's one store, from the data its first page was rendered with. */
let browserStore: SiteDataStore | undefined

/** The store of a server render, or of the form editor's preview; in the browser the page has its own. */
export function SiteDataProvider({ store, children }: { store: SiteDataStore; children: ReactNode }) {
  return <SiteDataContext value={store}>{children}</SiteDataContext>
}

/**
 * The store itself, for a page that fills it (a post's body). Only the parts that show its data
 * load this module: the code that starts a page has none of it.
 */
export const useSiteDataStore = (): SiteDataStore => use(SiteDataContext) ?? (browserStore ??= browserSiteData())

/** The site data of the page the browser opened: its JSON less the landing islands' (start-site's). */
function browserSiteData(): SiteDataStore {
  const { landing: _landing, ...data } = initialData()
  return createSiteDataStore(data)
}

export function useSiteData(): SiteDataState {
  const store = useSiteDataStore()
  return useSyncExternalStore(store.subscribe, store.get, () => store.initial)
}
