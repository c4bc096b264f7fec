import { Link } from 'react-router-dom'
import { DocumentHead } from '../../app/document-head'
import { site } from '../../lib/site'

export function ThankYouPage() {
  const { thankYou } = site
  return (
    <>
      <DocumentHead title={thankYou.metaTitle} description={thankYou.metaDescription} path="/thank-you" noindex />
      <section className="page-head page-head--center container" aria-labelledby="page-title">
        <h1 id="page-title">{thankYou.title}</h1>
        <p className="hero__lead">{thankYou.text}</p>
        <Link to="/" className="button button--primary">
          {thankYou.back}
        </Link>
      </section>
    </>
  )
}
