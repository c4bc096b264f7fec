import { ConsultationDialog } from './ConsultationDialog'
import { ToastHost } from './toast'

/** What the popup brings when it is first opened: its frame, and the host of the toasts its form shows. */
export function ConsultationParts({ variant }: { variant: 'landing' | 'default' }) {
  return (
    <>
      <ConsultationDialog variant={variant} />
      <ToastHost />
    </>
  )
}
