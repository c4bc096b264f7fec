import { Link } from '../lib/link'
import { DocumentHead } from '../lib/document-head'

/** A short page that says one thing and offers one way on: thank-you, not found, a missing post. */
export function MessagePage({
  head,
  title,
  text,
  action,
  centered = true,
}: {
  head: { title: string; description: string; path: string }
  title: string
  text: string
  action: { to: string; label: string }
  centered?: boolean
}) {
  return (
    <>
      <DocumentHead {...head} noindex />
      <section className={`page-head container ${centered ? 'page-head--center' : ''}`} aria-labelledby="page-title">
        <h1 id="page-title">{title}</h1>
        <p className="hero__lead">{text}</p>
        <Link to={action.to} className="button button--primary">
          {action.label}
        </Link>
      </section>
    </>
  )
}
