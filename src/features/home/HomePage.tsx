import { Link } from '../../lib/link'
import { DocumentHead } from '../../lib/document-head'
import type { PageCategory } from '../../core/content'
import { pagesIn } from '../../lib/page-index'
import home from 'site-part:home'
import numbers from 'site-part:numbers'
import * as labels from 'site-part:labels'
import { TalkToExpertButton } from '../../components/TalkToExpertButton'
import { NumbersBand } from '../../components/NumbersBand'
import { SectionHeading } from '../../components/SectionHeading'

/** The home page: hero, every landing page as a browsable index, the numbers band, a call to action. */
export function HomePage() {
  const groups: { id: string; category: PageCategory; title: string }[] = [
    { id: 'services', category: 'service', title: home.servicesTitle },
    { id: 'industries', category: 'industry', title: home.industriesTitle },
    { id: 'locations', category: 'location', title: home.locationsTitle },
  ]
  return (
    <>
      <DocumentHead title={home.metaTitle} description={home.metaDescription} path="/" />
      <section className="hero container" aria-labelledby="page-title">
        <p className="eyebrow">{home.eyebrow}</p>
        <h1 id="page-title" className="hero__title">
          {home.title} {home.titleAccent ? <span className="accent-text">{home.titleAccent}</span> : null}
        </h1>
        <p className="hero__lead">{home.lead}</p>
        <div className="hero__actions">
          <TalkToExpertButton />
          <a href="#services" className="button button--ghost">
            {home.servicesTitle}
          </a>
        </div>
      </section>
      <NumbersBand numbers={numbers} label={labels.numbers} />
      {groups.map((group) => (
        <section key={group.id} id={group.id} className="section container" aria-labelledby={`${group.id}-title`}>
          <SectionHeading id={`${group.id}-title`} title={group.title} />
          <ul className="page-index">
            {pagesIn(group.category).map((p) => (
              <li key={p.route}>
                <Link to={p.route} className="page-index__link">
                  {p.label}
                  <span aria-hidden="true" className="page-index__arrow">
                    →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section className="contact-cta container" aria-labelledby="home-cta-title">
        <div className="contact-cta__panel">
          <div className="contact-cta__text">
            <h2 id="home-cta-title">{home.ctaTitle}</h2>
            <p>{home.ctaText}</p>
          </div>
          <TalkToExpertButton />
        </div>
      </section>
    </>
  )
}
