import type { ReactNode } from 'react'
import { Markup } from '../../../../components/Markup'
import type { MarkupBlocks } from '../../../../generated/content-types'
import './ContactCta.css'

export function ContactCta({ blocks, action, label }: { blocks: MarkupBlocks; action: ReactNode; label: string }) {
  return (
    <section className="contact-cta container reveal" aria-label={label}>
      <div className="contact-cta__panel">
        <div className="contact-cta__text prose">
          <Markup blocks={blocks} />
        </div>
        {action}
      </div>
    </section>
  )
}
