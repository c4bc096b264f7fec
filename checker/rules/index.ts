/**
 * Every content rule, in the order its problems are reported. A new rule is a module here (its check,
 * its catalogue entries, its guide text) and its test, listed below.
 */
import { bareUrls } from './bare-urls.ts'
import { blogIds } from './blog-ids.ts'
import { claims } from './claims.ts'
import { companyFacts } from './company-facts.ts'
import { curlyQuotes } from './curly-quotes.ts'
import { cutByComment } from './cut-by-comment.ts'
import { duplicateTitles } from './duplicate-titles.ts'
import { faqAnswers } from './faq-answers.ts'
import { headingLetters } from './heading-letters.ts'
import { imageSizes } from './image-sizes.ts'
import { internalLinks } from './internal-links.ts'
import { invalidCharacters } from './invalid-characters.ts'
import { invisibleCharactersRule } from './invisible-characters.ts'
import { linkAddresses } from './link-addresses.ts'
import { locationAudience } from './location-audience.ts'
import { markdown } from './markdown.ts'
import { markupAndImages } from './markup-and-images.ts'
import { markupInPlainText } from './markup-in-plain-text.ts'
import { pageAddresses } from './page-addresses.ts'
import { placeholders } from './placeholders.ts'
import { processSteps } from './process-steps.ts'
import { publicFiles } from './public-files.ts'
import { redirects } from './redirects.ts'
import { schema } from './schema.ts'
import { sharedParagraphs } from './shared-paragraphs.ts'
import { textLanguage } from './text-language.ts'
import { textRuns } from './text-runs.ts'
import type { FileRule, SiteRule } from './types.ts'
import { uninsertedTerms } from './uninserted-terms.ts'
import { unpublishedFiles } from './unpublished-files.ts'

/** Rules on one file's values. The 'shape' ones come first; every rule runs on every readable file. */
export const fileRules: readonly FileRule[] = [
  invalidCharacters,
  schema,
  textRuns,
  markupAndImages,
  processSteps,
  locationAudience,
  uninsertedTerms,
  placeholders,
  markupInPlainText,
  invisibleCharactersRule,
  headingLetters,
  markdown,
  curlyQuotes,
  cutByComment,
  bareUrls,
  linkAddresses,
  faqAnswers,
  imageSizes,
  textLanguage,
]

/** Rules across files, run once every file is checked. */
export const siteRules: readonly SiteRule[] = [
  pageAddresses,
  internalLinks,
  redirects,
  blogIds,
  sharedParagraphs,
  duplicateTitles,
  claims,
  companyFacts,
  publicFiles,
  unpublishedFiles,
]
