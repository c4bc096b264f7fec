import { SectionHeading } from '../../../../components/SectionHeading'
import type { PageData } from '../../../../core/content'
import { twoDigits } from '../numbering'
import './ProcessSteps.css'

type Step = NonNullable<PageData['our_steps']>[number]

/**
 * 'Our Process': the first row three per line, the second two per line, numbered across both.
 * With variant 'industries' the same slots list the industries served, with their own heading and look.
 */
export function ProcessSteps({
  variant,
  eyebrow,
  title,
  description,
  firstRow,
  secondRow,
  stepWord,
}: {
  variant: 'process' | 'industries'
  eyebrow: string
  title?: string
  description?: string
  firstRow: readonly Step[]
  secondRow: readonly Step[]
  stepWord: string
}) {
  if (firstRow.length + secondRow.length === 0) return null
  const row = (steps: readonly Step[], offset: number, columns: 2 | 3) =>
    steps.length === 0 ? null : (
      <ol className={`card-grid card-grid--${columns} steps__row`} start={offset + 1}>
        {steps.map((step, i) => (
          <li key={step.title} className={`card step step--${variant}`}>
            {variant === 'process' ? (
              <p className="step__label">{step.stepNo ?? `${stepWord} ${twoDigits(offset + i + 1)}`}</p>
            ) : null}
            <h3 className="card__title">{step.title}</h3>
            <p className="card__text">{step.desc}</p>
          </li>
        ))}
      </ol>
    )
  return (
    <section className={`section steps steps--${variant} reveal`} aria-labelledby="steps-title">
      <div className="container">
        <SectionHeading id="steps-title" eyebrow={eyebrow} title={title ?? eyebrow} lead={description} />
        {row(firstRow, 0, 3)}
        {row(secondRow, firstRow.length, 2)}
      </div>
    </section>
  )
}
