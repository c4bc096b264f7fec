import privacy from 'site-part:privacy'
import company from 'site-part:company'
import { DocumentHead } from '../../lib/document-head'
import { fillTokens, noticeFacts } from './notice-facts'
import stylesheet from './PrivacyPage.css?url'

const facts = noticeFacts(
  {
    VITE_IP_LOOKUP_URL: import.meta.env.VITE_IP_LOOKUP_URL,
    VITE_GEO_URL: import.meta.env.VITE_GEO_URL,
    VITE_GEO_TOKEN: import.meta.env.VITE_GEO_TOKEN,
  },
  { company, privacy },
)

/** The date in words, the same on the server and in every browser (a fixed locale and time zone). */
const updated = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
  new Date(`${privacy.updated}T00:00:00Z`),
)

/** A text of the notice with the facts of this build filled in; the contact address as a mail link. */
function Filled({ text }: { text: string }) {
  const pieces = fillTokens(text, facts, { on: privacy.geolocationOn, off: privacy.geolocationOff })
  return (
    <>
      {pieces.map((piece, i) =>
        typeof piece === 'string' ? (
          piece
        ) : (
          <a key={i} href={`mailto:${piece.email}`}>
            {piece.email}
          </a>
        ),
      )}
    </>
  )
}

/** The privacy notice: the editors' text from site.yaml, with the facts the code sets filled in. */
export function PrivacyPage() {
  return (
    <>
      <DocumentHead title={privacy.metaTitle} description={privacy.metaDescription} path="/privacy" />
      {/* React puts the stylesheet in the prerendered HTML and, on a move here, shows the page once it has loaded. */}
      <link rel="stylesheet" href={stylesheet} precedence="page" />
      <article className="privacy container" aria-labelledby="page-title">
        <header className="page-head">
          <h1 id="page-title">{privacy.title}</h1>
          <p className="hero__lead">
            <Filled text={privacy.lead} />
          </p>
          <p className="privacy__updated">
            {privacy.updatedLabel} <time dateTime={privacy.updated}>{updated}</time>
          </p>
        </header>
        {privacy.sections.map((section) => (
          <section key={section.heading} className="privacy__section prose">
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>
                <Filled text={paragraph} />
              </p>
            ))}
            {section.items ? (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>
                    <Filled text={item} />
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </article>
    </>
  )
}
