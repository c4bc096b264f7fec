import { lazy, Suspense, useSyncExternalStore } from 'react'

type ToastModule = typeof import('./toastify')

let toastify: Promise<ToastModule> | undefined
let requested = false
const listeners = new Set<() => void>()

/** react-toastify is loaded the first time a toast is needed, never with the page. */
const loadToastify = () => (toastify ??= import('./toastify'))

const LazyContainer = lazy(() => loadToastify().then((m) => ({ default: m.Toasts })))

/** Shows a toast, loading the library and mounting its container on first use. */
export async function showToast(kind: 'success' | 'error' | 'info', message: string): Promise<void> {
  const { toast } = await loadToastify()
  if (!requested) {
    requested = true
    for (const listener of listeners) listener()
  }
  toast[kind](message, { toastId: `${kind}:${message}` })
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Mounted once by the shell; renders nothing until the first toast. */
export function ToastHost() {
  const active = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  )
  if (!active) return null
  return (
    <Suspense fallback={null}>
      <LazyContainer position="top-center" autoClose={5000} newestOnTop closeOnClick theme="colored" />
    </Suspense>
  )
}
