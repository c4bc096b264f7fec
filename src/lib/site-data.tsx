import { createContext, use, useSyncExternalStore, type ReactNode } from 'react'
import type { ApiBlog } from '../core/blog'

/** Data fetched once when the app starts and shared by every page (the blog list), never refetched on navigation. */
export interface SiteDataState {
  blogs: ApiBlog[]
  blogsLoading: boolean
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

export const emptySiteData: SiteDataState = { blogs: [], blogsLoading: true }

const SiteDataContext = createContext<SiteDataStore | null>(null)

export function SiteDataProvider({ store, children }: { store: SiteDataStore; children: ReactNode }) {
  return <SiteDataContext value={store}>{children}</SiteDataContext>
}

export function useSiteData(): SiteDataState {
  const store = use(SiteDataContext)
  if (!store) throw new Error('useSiteData needs a SiteDataProvider above it')
  return useSyncExternalStore(store.subscribe, store.get, () => store.initial)
}
