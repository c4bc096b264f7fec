import { memo, Suspense, use, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react'
import { lazyComponent, loadOnce } from './load-once'

/**
 * Parts of a page below its first screen, each in a chunk of its own that the browser loads only
 * when the visitor comes near it. The server renders a part whole, so the prerendered HTML holds
 * it; while the browser hydrates, React leaves that HTML as it is, inside a Suspense boundary,
 * until the visitor scrolls within a screen of it, and then loads the chunk and hydrates the part.
 * A render of the browser's own (after a navigation) loads the chunk at once.
 *
 * A part's props must stay equal (it is memoized) while it waits: an update that reaches a part
 * still waiting to hydrate makes React drop its HTML and render it afresh.
 */
const parts = new Map<string, { preload(): Promise<unknown> }>()

/** A prerendered part of this page load, held back until the visitor comes near it. */
interface HeldPart {
  /** Settles once the visitor is near and the part's chunk has loaded. */
  ready: Promise<unknown>
  /** Stops waiting for the visitor: the part loads now. */
  release(): void
  /** Called once the part has hydrated. */
  hydrated(): void
}
const held = new Map<string, HeldPart>()

const noSubscription = () => () => {}

/** True while React hydrates the prerendered HTML (and on the server); false in the browser's own renders. */
const useHydrating = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  )

/** A promise React's `use` reads as settled at once (it reads `status` and `value`). */
const SETTLED = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined })

/**
 * Waits while the part hydrates until the visitor is near it, and says once it has hydrated. `use`
 * is called on every render, a settled promise when there is nothing to wait for: React reports a
 * component that suspended in one render and did not call `use` in the next (a part that waited,
 * then was rendered afresh).
 */
function WhenNear({ name, children }: { name: string; children: ReactNode }) {
  use((useHydrating() && held.get(name)?.ready) || SETTLED)
  // Runs after the part's own effects: the part has hydrated.
  useEffect(() => held.get(name)?.hydrated(), [name])
  return children
}

/** A component of the part `name`, in the chunk `load` imports. */
export function latePart<P extends object>(name: string, load: () => Promise<ComponentType<P>>) {
  const Part = lazyComponent(load)
  parts.set(name, Part)
  // `display: contents` (base.css): the wrapper leaves the layout as if the part's sections stood in its place.
  function LatePart(props: P) {
    return (
      <div className="late-part" data-late={name}>
        <Suspense fallback={null}>
          <WhenNear name={name}>
            <Part {...props} />
          </WhenNear>
        </Suspense>
      </div>
    )
  }
  return memo(LatePart)
}

/**
 * For the browser, when the visitor moves to another page: every part still waiting loads now. A
 * move changes the router's context, React must then hydrate each waiting part before it renders
 * the move, and a part that kept waiting for a scroll would hold the move back.
 */
export function releaseLateParts() {
  for (const part of held.values()) part.release()
}

/** For the server: every part loaded, so the prerendered HTML holds them all. */
export const loadLateParts = () => Promise.all([...parts.values()].map((part) => part.preload()))

/**
 * For the browser, before it hydrates: each late part in `root`'s HTML waits until one of its
 * elements comes within a screen of the viewport. Without IntersectionObserver nothing waits.
 *
 * A press of one of its buttons before it has hydrated (a visitor who jumps to the FAQ and clicks
 * at once) would be lost: React has no handler there yet, and stops the click rather than replay it. The part
 * keeps such a click, loads at once, and clicks the button again once it has hydrated. Links need
 * nothing: the browser follows them.
 */
export function holdLateParts(root: ParentNode) {
  if (typeof IntersectionObserver === 'undefined') return
  const releaseOf = new Map<Element, () => void>()
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) releaseOf.get(entry.target)?.()
    },
    { rootMargin: '100% 0px' },
  )
  for (const element of root.querySelectorAll<HTMLElement>('[data-late]')) {
    const name = element.dataset.late!
    const part = parts.get(name)
    if (!part || held.has(name)) continue
    const targets = [...element.children]
    let resolveNear!: () => void
    const near = new Promise<void>((resolve) => (resolveNear = resolve))
    const release = () => {
      for (const target of targets) observer.unobserve(target)
      resolveNear()
    }
    const pressed: HTMLElement[] = []
    const keepPress = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null
      if (!button || !element.contains(button)) return
      event.preventDefault()
      event.stopPropagation()
      pressed.push(button)
      release()
    }
    // On the document, so it hears the click before React's listener on the root, which stops it.
    document.addEventListener('click', keepPress, true)
    held.set(name, {
      ready: loadOnce(() => near.then(() => part.preload())).preload(),
      release,
      hydrated() {
        held.delete(name)
        document.removeEventListener('click', keepPress, true)
        // Hydration keeps the server's elements: the button pressed is the one React now handles.
        for (const button of pressed.splice(0)) if (button.isConnected) button.click()
      },
    })
    if (targets.length === 0) release()
    for (const target of targets) {
      releaseOf.set(target, release)
      observer.observe(target)
    }
  }
}
