import { SectionHeading } from '../../../../components/SectionHeading'
import type { PageData } from '../../../../core/content'
import './Integrations.css'

/** Names with icons: SVG where the browser takes it, the PNG otherwise. */
export function Integrations({ title, items }: { title: string; items: NonNullable<PageData['integrations']> }) {
  if (items.length === 0) return null
  return (
    <section className="section container reveal" aria-labelledby="integrations-title">
      <SectionHeading id="integrations-title" title={title} />
      <ul className="card-grid card-grid--5 integrations">
        {items.map((item) => (
          <li key={item.name} className="card integration">
            <picture>
              <source srcSet={item.img} type="image/svg+xml" />
              <img src={item.img2} alt="" width={48} height={48} loading="lazy" decoding="async" />
            </picture>
            <span className="integration__name">{item.name}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
