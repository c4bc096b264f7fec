import { TalkToExpertButton } from '../../components/TalkToExpertButton'
import { RecentBlogs } from '../../components/blog/RecentBlogs'
import type { PageData } from '../../core/content'
import numbers from 'site-part:numbers'
import partners from 'site-part:partners'
import serviceIcons from 'site-part:serviceIcons'
import toolStack from 'site-part:toolStack'
import { site } from '../../lib/site'
import { NumbersBand } from '../../components/NumbersBand'
import { CardSection } from './sections/CardSection/CardSection'
import { ContactCta } from './sections/ContactCta/ContactCta'
import { Faq } from './sections/Faq/Faq'
import { Integrations } from './sections/Integrations/Integrations'
import { PartnerStrip } from './sections/PartnerStrip/PartnerStrip'
import { ProcessSteps } from './sections/ProcessSteps/ProcessSteps'
import { ServiceCards } from './sections/ServiceCards/ServiceCards'
import { ToolStack } from './sections/ToolStack/ToolStack'

/** The landing layout's sections from the partner strip down, in order: a chunk the browser loads as the visitor scrolls. */
export function LandingRest({ page }: { page: PageData }) {
  const { labels } = site
  const variant = page.stepsVariant ?? 'process'
  return (
    <>
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
      <RecentBlogs />
      <Faq eyebrow={page.faqTitle || labels.faq} title={page.faqs_title || labels.faqHeading} faqs={page.faqs ?? []} />
      <ContactCta blocks={page.contactUsToday} action={<TalkToExpertButton />} label={labels.footerContact} />
    </>
  )
}
