import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react'

interface ConsultationControls {
  isOpen: boolean
  /** Opens the consultation popup; focus returns to the element that was focused when it closes. */
  open: () => void
  close: () => void
}

const ConsultationContext = createContext<ConsultationControls | null>(null)

export function ConsultationProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false)
  const open = useCallback(() => setOpen(true), [])
  const close = useCallback(() => setOpen(false), [])
  const value = useMemo(() => ({ isOpen, open, close }), [isOpen, open, close])
  return <ConsultationContext value={value}>{children}</ConsultationContext>
}

export function useConsultation(): ConsultationControls {
  const controls = use(ConsultationContext)
  if (!controls) throw new Error('useConsultation needs a ConsultationProvider above it')
  return controls
}
