import { createContext, use, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { CONSULTATION_ASK_EVENT, takeKeptAsk } from './consultation-asks'

interface ConsultationControls {
  /** Opens the consultation popup; focus returns to the element that was focused when it closes. */
  open: () => void
  close: () => void
  isOpen: () => boolean
  subscribe: (listener: () => void) => () => void
}

/**
 * The popup's state lives outside React's context, whose value never changes: a context change
 * reaches every part of the page still waiting to hydrate (src/lib/late.tsx), and React renders
 * those afresh, dropping their HTML. Only the popup subscribes to whether it is open.
 */
function createControls(): ConsultationControls {
  let isOpen = false
  const listeners = new Set<() => void>()
  const set = (next: boolean) => {
    if (next === isOpen) return
    isOpen = next
    for (const listener of listeners) listener()
  }
  return {
    open: () => set(true),
    close: () => set(false),
    isOpen: () => isOpen,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

const ControlsContext = createContext<ConsultationControls | null>(null)

/** The popup's state; in the browser it also opens for the static sections' buttons (src/lib/consultation-asks.ts). */
export function ConsultationProvider({ children }: { children: ReactNode }) {
  const [controls] = useState(createControls)
  useEffect(() => {
    const ask = (event: Event) => {
      event.preventDefault()
      controls.open()
    }
    if (takeKeptAsk()) controls.open()
    document.addEventListener(CONSULTATION_ASK_EVENT, ask)
    return () => document.removeEventListener(CONSULTATION_ASK_EVENT, ask)
  }, [controls])
  return <ControlsContext value={controls}>{children}</ControlsContext>
}

/** Opens and closes the popup: under ConsultationProvider (the shell, and the build's static HTML). */
export const useConsultation = (): Pick<ConsultationControls, 'open' | 'close'> => use(ControlsContext)!

/** Whether the popup is open: for the popup itself. */
export function useConsultationOpen(): boolean {
  const controls = use(ControlsContext)!
  return useSyncExternalStore(controls.subscribe, controls.isOpen, () => false)
}
