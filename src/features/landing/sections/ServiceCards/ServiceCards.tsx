import { SectionHeading } from '../../../../components/SectionHeading'
import type { PageData } from '../../../../core/content'
import { cycledIcon, twoDigits } from '../numbering'
import './ServiceCards.css'

export function ServiceCards({
  eyebrow,
  title,
  services,
  icons,
}: {
  eyebrow: string
  title: string
  services: PageData['services']
  icons: readonly string[]
}) {
  return (
    <section className="section container reveal" aria-labelledby="services-title">
      <SectionHeading id="services-title" eyebrow={eyebrow} title={title} />
      <ol className="card-grid card-grid--3">
        {services.map((service, i) => (
          <li key={service.title} className="card service-card">
            <div className="service-card__top">
              <img
                className="card__icon"
                src={service.img ?? cycledIcon(icons, i)}
                alt=""
                width={48}
                height={48}
                loading="lazy"
              />
              <span className="service-card__num" aria-hidden="true">
                {service.num ?? twoDigits(i + 1)}
              </span>
            </div>
            <h3 className="card__title">{service.title}</h3>
            <p className="card__text">{service.desc}</p>
            {service.benefits && service.benefits.length > 0 ? (
              <ul className="checklist">
                {service.benefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  )
}
