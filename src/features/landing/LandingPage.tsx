import { DocumentHead } from '../../lib/document-head'
import { TalkToExpertButton } from '../../components/TalkToExpertButton'
import type { PageData } from '../../core/content'
import { site } from '../../lib/site'
import { Breadcrumb } from './sections/Breadcrumb/Breadcrumb'
import { IntroBlocks } from './sections/IntroBlocks/IntroBlocks'
import { latePart } from '../../lib/late'
import './LandingPage.css'

/**
 * Everything below the introduction: below the first screen at every width (the introduction's
 * three blocks alone are 1,600 px high at 1280 px), so it loads as the visitor scrolls.
 */
const Rest = latePart('landing-rest', () => import('./LandingRest').then((m) => m.LandingRest))

/** Every /ai/ page: its head, and its 14 sections, top to bottom, in a fixed order (LandingSections). */
export function LandingPage({ page, route }: { page: PageData; route: string }) {
  const { labels } = site
  return (
    <div className="landing">
      <DocumentHead
        title={page.metaTitle}
        description={page.metaDescription}
        path={route}
        breadcrumbs={[
          { name: labels.home, path: '/' },
          { name: page.label, path: route },
        ]}
        service={{ name: [page.title1, page.title2].filter(Boolean).join(' '), description: page.metaDescription }}
      />
      <LandingSections page={page} />
    </div>
  )
}

/**
 * The one layout of the landing pages' sections (the last eleven in LandingRest), without the
 * page's head: the form editor's preview renders it too, with the entry being edited.
 */
export function LandingSections({ page }: { page: PageData }) {
  const { labels } = site
  return (
    <>
      <Breadcrumb homeLabel={labels.home} currentLabel={labels.breadcrumb} />
      <IntroBlocks
        title1={page.title1}
        title2={page.title2}
        blocks={[
          { paragraphs: page.descriptionOne, image: page.img1 },
          { paragraphs: page.descriptionTwo ?? [], image: page.img2 },
          { paragraphs: page.descriptionThree ?? [], image: page.img3 },
        ]}
        actions={<TalkToExpertButton />}
      />
      <Rest page={page} />
    </>
  )
}
