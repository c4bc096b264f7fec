import * as labels from 'site-part:labels'
import { useConsultation } from '../lib/consultation'

/** Every 'Talk to Expert' action: one button style, one way to open the popup. */
export function TalkToExpertButton({
  variant = 'primary',
  className = '',
}: {
  variant?: 'primary' | 'ghost'
  className?: string
}) {
  const { open } = useConsultation()
  return (
    <button type="button" className={`button button--${variant} ${className}`} onClick={open} aria-haspopup="dialog">
      {labels.talkToExpert}
    </button>
  )
}
