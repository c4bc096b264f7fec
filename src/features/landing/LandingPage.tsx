import { TalkToExpertButton } from '../../components/TalkToExpertButton'
import { RecentBlogs } from '../../components/blog/RecentBlogs'
import type { PageData } from '../../core/content'
import type { LandingIslands } from '../../core/landing-view'
import numbers from 'site-part:numbers'
import partners from 'site-part:partners'
import serviceIcons from 'site-part:serviceIcons'
import toolStack from 'site-part:toolStack'
import * as labels from 'site-part:labels'
import { NumbersBand } from '../../components/NumbersBand'
// In the cascade order of the site's stylesheet (scripts/vite-plugin-landing-styles.ts).
import { Breadcrumb } from './sections/Breadcrumb/Breadcrumb'
import { IntroBlocks } from './sections/IntroBlocks/IntroBlocks'
import './LandingPage.css'
import { CardSection } from './sections/CardSection/CardSection'
import { ContactCta } from './sections/ContactCta/ContactCta'
import { Faq } from './sections/Faq/Faq'
import { Integrations } from './sections/Integrations/Integrations'
import { PartnerStrip } from './sections/PartnerStrip/PartnerStrip'
import { ProcessSteps } from './sections/ProcessSteps/ProcessSteps'
import { ServiceCards } from './sections/ServiceCards/ServiceCards'
import { ToolStack } from './sections/ToolStack/ToolStack'

/**
 * The landing layout's sections as components: the build renders the static ones to HTML
 * (landing-view.tsx), and the form editor's preview renders them all with the entry being edited.
 * The public pages' browser bundle holds none of them but the islands (Recent Blogs, the FAQ).
 */

/** What the islands of a landing page show of its data. */
export function islandsOf(page: PageData): LandingIslands {
  return {
    head: {
      title: page.metaTitle,
      description: page.metaDescription,
      label: page.label,
      serviceName: [page.title1, page.title2].filter(Boolean).join(' '),
    },
    faq: { eyebrow: page.faqTitle || labels.faq, title: page.faqs_title || labels.faqHeading, faqs: page.faqs ?? [] },
  }
}

/** The sections above Recent Blogs, from the breadcrumb to the tool stack: words and pictures only. */
export function LandingTop({ page }: { page: PageData }) {
  const variant = page.stepsVariant ?? 'process'
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
      <PartnerStrip partners={partners} label={labels.partners} />
      <NumbersBand numbers={numbers} label={labels.numbers} />
      <ServiceCards eyebrow={labels.services} title={page.serviceTitle} services={page.services} icons={serviceIcons} />
      {page.areas_of_specialization ? (
        <CardSection
          id="areas-title"
          eyebrow={labels.areas}
          title={page.areas_of_specialization.title}
          items={page.areas_of_specialization.items}
        />
      ) : null}
      <ProcessSteps
        variant={variant}
        eyebrow={variant === 'industries' ? labels.industries : labels.process}
        title={page.our_steps_title}
        description={page.our_steps_description}
        firstRow={page.our_steps ?? []}
        secondRow={page.our_steps2 ?? []}
        stepWord={labels.step}
      />
      <CardSection id="why-title" eyebrow={labels.whyChoose} title={page.why_choose_title} items={page.why_choose} tone="check" />
      <Integrations title={labels.integrations} items={page.integrations ?? []} />
      <ToolStack title={labels.toolStack} tools={toolStack} />
    </>
  )
}

/** The section below the FAQ: the closing call to talk to an expert. */
export function LandingBottom({ page }: { page: PageData }) {
  return <ContactCta blocks={page.contactUsToday} action={<TalkToExpertButton />} label={labels.footerContact} />
}

/**
 * The one layout of the landing pages' sections, top to bottom, in a fixed order, without the
 * page's head: the form editor's preview renders it with the entry being edited.
 */
export function LandingSections({ page }: { page: PageData }) {
  return (
    <>
      <LandingTop page={page} />
      <RecentBlogs />
      <Faq {...islandsOf(page).faq} />
      <LandingBottom page={page} />
    </>
  )
}
