import { ConsultationDialog } from './ConsultationDialog'
import { ToastHost } from './toast'
import { useLocation } from '../../lib/router'

/**
 * What the popup brings when it is first opened: its frame, and the host of the toasts its form
 * shows. A landing page's popup asks about its service.
 */
export function ConsultationParts() {
  const variant = useLocation().pathname.startsWith('/ai/') ? 'landing' : 'default'
  return (
    <>
      <ConsultationDialog variant={variant} />
      <ToastHost />
    </>
  )
}
