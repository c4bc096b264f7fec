import type { SiteData } from '../../../../core/content'
import './PartnerStrip.css'

/** Seven partner marks, drawn twice so the strip loops without a seam; the copy is hidden from screen readers. */
export function PartnerStrip({ partners, label }: { partners: SiteData['partners']; label: string }) {
  const set = (copy: boolean) => (
    <ul className="partners__set" aria-hidden={copy || undefined}>
      {partners.map((partner) => (
        <li key={partner.name}>
          <img src={partner.logo} alt={copy ? '' : partner.name} width={140} height={40} loading="lazy" decoding="async" />
        </li>
      ))}
    </ul>
  )
  return (
    <section className="partners" aria-label={label}>
      <div className="partners__track">
        {set(false)}
        {set(true)}
      </div>
    </section>
  )
}
