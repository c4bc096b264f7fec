import type { SiteData } from '../core/content'

export function NumbersBand({ numbers, label }: { numbers: SiteData['numbers']; label: string }) {
  return (
    <section className="numbers container reveal" aria-label={label}>
      <ul className="numbers__list">
        {numbers.map((item) => (
          <li key={item.label} className="numbers__item">
            <strong className="numbers__value">{item.value}</strong>
            <span className="numbers__label">{item.label}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
