import { Suspense, useEffect, useRef, useState, type MouseEvent } from 'react'
import copy from 'site-part:consultation'
import * as labels from 'site-part:labels'
import { lazyComponent } from '../../lib/load-once'
import { useConsultation, useConsultationOpen } from '../../lib/consultation'

/**
 * The 'Talk to Expert' popup: a native modal <dialog>, so focus moves in and stays in, Escape
 * closes it, the page behind is inert, and focus returns to the opener on close.
 */
// The form and its submit code load on first open, not with the page.
const ConsultationForm = lazyComponent(() => import('./ConsultationForm').then((m) => m.ConsultationForm))

export function ConsultationDialog({ variant }: { variant: 'landing' | 'default' }) {
  const { close } = useConsultation()
  const isOpen = useConsultationOpen()
  const ref = useRef<HTMLDialogElement>(null)
  // Once opened, the form stays mounted: closing and reopening keeps what the visitor typed.
  const [opened, setOpened] = useState(false)
  if (isOpen && !opened) setOpened(true)

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
        <button type="button" className="consultation__close icon-button" aria-label={labels.close} onClick={close}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id="consultation-title" className="consultation__title">
          {variant === 'landing' ? (
            copy.heading
          ) : (
            <>
              {copy.defaultHeading} <span className="accent-text">{copy.defaultHeadingAccent}</span>
            </>
          )}
        </h2>
        <p className="consultation__intro">{copy.intro}</p>
        {opened ? (
          <Suspense fallback={<div className="lead-form lead-form--loading" aria-busy="true" />}>
            <ConsultationForm queryHeading={variant === 'landing' ? copy.heading : copy.defaultHeading} onSent={close} />
          </Suspense>
        ) : null}
      </div>
    </dialog>
  )
}
