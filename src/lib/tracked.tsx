import { use, type ComponentType, type JSX } from 'react'

/** A promise that carries the status fields React's `use()` reads: once settled, `use()` returns without suspending. */
export type Tracked<T> = Promise<T>

export function track<T>(promise: Promise<T>): Tracked<T> {
  const fields = promise as Promise<T> & { status?: string; value?: T; reason?: unknown }
  fields.status = 'pending'
  promise.then(
    (value) => Object.assign(fields, { status: 'fulfilled', value }),
    (reason) => Object.assign(fields, { status: 'rejected', reason }),
  )
  return promise
}

/** Runs `load` once and hands out the same tracked promise ever after. */
function once<T>(load: () => Promise<T>): () => Tracked<T> {
  let promise: Tracked<T> | undefined
  return () => (promise ??= track(load()))
}

/**
 * A component in its own chunk. Unlike React.lazy, a preloaded one renders synchronously, so
 * hydrating a prerendered page never suspends and never shows a fallback. `source` (the file, from
 * the project root) lets the prerenderer preload the chunk; the build fails if it is wrong.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, source?: string) {
  const get = once(load)
  function LazyComponent(props: P): JSX.Element {
    const Component = use(get())
    return <Component {...props} />
  }
  return Object.assign(LazyComponent, { preload: get, source })
}
