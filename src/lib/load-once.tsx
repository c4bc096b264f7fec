import { use, type ComponentType, type JSX } from 'react'

/**
 * Something loaded once: `preload()` starts it and always hands out the same promise; `useValue()`
 * returns the value at once when it has arrived, and suspends (through React's `use`) only while
 * it has not. A prerendered page whose chunks were preloaded therefore hydrates without suspending.
 */
export interface Loaded<T> {
  preload(): Promise<T>
  useValue(): T
}

export function loadOnce<T>(load: () => Promise<T>): Loaded<T> {
  let promise: Promise<T> | undefined
  const preload = () => (promise ??= settledForReact(load()))
  return { preload, useValue: () => use(preload()) }
}

/**
 * The promise with the fields React's `use` reads on a thenable (`status`, then `value` or
 * `reason`), kept up to date as it settles: a promise that has arrived is then read at once, even
 * on the first render that sees it. React sets the same fields on promises it has already seen;
 * without them, hydration would suspend once per preloaded chunk. Returning the value outside
 * `use` once it has arrived is no way round it: React reports a `use` that suspended in one
 * render and was skipped in the next.
 */
function settledForReact<T>(promise: Promise<T>): Promise<T> {
  const thenable = promise as Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown }
  thenable.status = 'pending'
  promise.then(
    (value) => Object.assign(thenable, { status: 'fulfilled', value }),
    (reason) => Object.assign(thenable, { status: 'rejected', reason }),
  )
  return promise
}

/**
 * A component in its own chunk. Unlike React.lazy, a preloaded one renders synchronously, so
 * hydrating a prerendered page never suspends and never shows a fallback. `source` (the file, from
 * the project root) lets the prerenderer preload the chunk; the build fails if it is wrong.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, source?: string) {
  const component = loadOnce(load)
  function LazyComponent(props: P): JSX.Element {
    const Component = component.useValue()
    return <Component {...props} />
  }
  return Object.assign(LazyComponent, { preload: component.preload, source })
}
