import { Link } from 'react-router-dom'
import { DocumentHead } from '../../app/document-head'
import { site } from '../../lib/site'

export function NotFoundPage() {
  const { notFound } = site
  return (
    <>
      <DocumentHead title={notFound.metaTitle} description={notFound.text} path="/404" noindex />
      <section className="page-head page-head--center container" aria-labelledby="page-title">
        <h1 id="page-title">{notFound.title}</h1>
        <p className="hero__lead">{notFound.text}</p>
        <Link to="/" className="button button--primary">
          {notFound.back}
        </Link>
      </section>
    </>
  )
}
