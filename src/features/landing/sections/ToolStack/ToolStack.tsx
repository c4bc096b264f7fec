import { SectionHeading } from '../../../../components/SectionHeading'
import type { SiteData } from '../../../../core/content'
// The tool stack's icon cards share the integrations' one rule set.
import '../Integrations/Integrations.css'

export function ToolStack({ title, tools }: { title: string; tools: SiteData['toolStack'] }) {
  return (
    <section className="section container reveal" aria-labelledby="tools-title">
      <SectionHeading id="tools-title" title={title} />
      <ul className="card-grid card-grid--5 tools">
        {tools.map((tool) => (
          <li key={tool.name} className="card tool">
            <img src={tool.icon} alt="" width={48} height={48} loading="lazy" decoding="async" />
            <h3 className="card__title">{tool.name}</h3>
            <p className="card__text">{tool.desc}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
