import type { PageData } from '../../core/content'
import type { LandingView } from '../../core/landing-view'
import { staticMarkup as staticHtml } from '../../lib/static-markup'
import { islandsOf, LandingBottom, LandingTop } from './LandingPage'

/**
 * A landing page as the browser gets it: the static sections rendered to HTML here, by the build (and
 * by the dev server's browser), so the public pages' bundle needs no component of theirs.
 */
export function landingViewOf(page: PageData): LandingView {
  return {
    ...islandsOf(page),
    html: { top: staticHtml(<LandingTop page={page} />), bottom: staticHtml(<LandingBottom page={page} />) },
  }
}
