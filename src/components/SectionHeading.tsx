/** The rhythm of every section: a small eyebrow, the heading, an optional short lead. */
export function SectionHeading({ id, eyebrow, title, lead }: { id: string; eyebrow?: string; title: string; lead?: string }) {
  return (
    <div className="section-heading">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id}>{title}</h2>
      {lead ? <p className="section-heading__lead">{lead}</p> : null}
    </div>
  )
}
