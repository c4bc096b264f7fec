import { useEffect, useRef, type MouseEvent } from 'react'
import { site } from '../../lib/site'
import { useConsultation } from './consultation-context'

/**
 * The popup shell: a native modal <dialog>, so focus moves in and stays in, Escape closes it, the
 * page behind is inert, and focus returns to the opener on close.
 */
export function ConsultationDialog({ heading }: { heading: string }) {
  const { isOpen, close } = useConsultation()
  const ref = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (isOpen && !dialog.open) dialog.showModal()
    if (!isOpen && dialog.open) dialog.close()
  }, [isOpen])

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the ::backdrop reaches the <dialog> itself; clicks inside land on its children.
    if (event.target === event.currentTarget) close()
  }

  return (
    <dialog ref={ref} className="consultation" aria-labelledby="consultation-title" onClose={close} onClick={onBackdropClick}>
      <div className="consultation__panel">
        <button type="button" className="consultation__close icon-button" aria-label={site.labels.close} onClick={close}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id="consultation-title" className="consultation__title">
          {heading}
        </h2>
        <p className="consultation__intro">{site.consultation.intro}</p>
      </div>
    </dialog>
  )
}
