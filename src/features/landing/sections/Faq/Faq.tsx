import { useId, useState } from 'react'
import { Markup } from '../../../../components/Markup'
import { SectionHeading } from '../../../../components/SectionHeading'
import type { PageData } from '../../../../core/content'
import './Faq.css'

/**
 * Each question is a button with aria-expanded. Answers start collapsed only once the head script
 * has marked the page as scripted (html.js), so without JavaScript every answer stays readable.
 */
export function Faq({ eyebrow, title, faqs }: { eyebrow: string; title: string; faqs: NonNullable<PageData['faqs']> }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set())
  const baseId = useId()
  if (faqs.length === 0) return null
  const toggle = (i: number) =>
    setOpen((current) => {
      const next = new Set(current)
      if (!next.delete(i)) next.add(i)
      return next
    })
  return (
    <section className="section container faq reveal" aria-labelledby="faq-title">
      <SectionHeading id="faq-title" eyebrow={eyebrow} title={title} />
      <div className="faq__list">
        {faqs.map((faq, i) => {
          const expanded = open.has(i)
          const answerId = `${baseId}-answer-${i}`
          return (
            <div key={faq.question} className="faq__item" data-open={expanded || undefined}>
              <h3 className="faq__question">
                <button type="button" aria-expanded={expanded} aria-controls={answerId} onClick={() => toggle(i)}>
                  <span>{faq.question}</span>
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="faq__chevron">
                    <path
                      d="M6 9l6 6 6-6"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </button>
              </h3>
              <div id={answerId} className="faq__answer prose">
                <Markup blocks={faq.answer} />
              </div>
            </div>
          )
        })}
      </div>
    </section>
  )
}
