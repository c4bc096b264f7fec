import { SectionHeading } from '../../../../components/SectionHeading'

interface CardItem {
  title: string
  desc: string
}

/** The one card style for why-choose and the areas of specialization. */
export function CardSection({
  id,
  eyebrow,
  title,
  items,
  tone = 'plain',
}: {
  id: string
  eyebrow: string
  title: string
  items: readonly CardItem[]
  tone?: 'plain' | 'check'
}) {
  if (items.length === 0) return null
  return (
    <section className="section container reveal" aria-labelledby={id}>
      <SectionHeading id={id} eyebrow={eyebrow} title={title} />
      <ul className="card-grid card-grid--3">
        {items.map((item) => (
          <li key={item.title} className={`card card--${tone}`}>
            <h3 className="card__title">{item.title}</h3>
            <p className="card__text">{item.desc}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
