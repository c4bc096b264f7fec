/**
 * /admin: Decap CMS, loaded without starting, given our format, widgets and preview, then started with
 * admin/config.yml plus what only the page knows: its origin, where sign-in and the local proxy are.
 */
import DOMPurify from 'dompurify'
import terms from 'site-part:terms'
import siteCss from '../src/styles/index.css?url'
import { loadDecap } from './decap.ts'
import { registerSiteFormat } from './format.ts'
import { addressWidget } from './address-widget.ts'
import { markupWidget } from './markup-widget.ts'
import { ADDRESS_WIDGET, LOCAL_PROXY_PATH, MARKUP_WIDGET, SITE_LOCALE, TEXT_WIDGET } from './names.ts'
import { SITE_PHRASES } from './phrases.ts'
import { textWidget } from './text-widget.ts'
import { landingPreview } from './preview.tsx'
import { addStarters } from './starters.ts'

/** Decap's bundle, copied beside this script by scripts/build-admin.ts under its pinned version. */
declare const __DECAP_SRC__: string

async function start() {
  const { cms, react } = await loadDecap(__DECAP_SRC__)
  cms.registerLocale(SITE_LOCALE, SITE_PHRASES)
  registerSiteFormat(cms)
  const markup = markupWidget(react, DOMPurify)
  cms.registerWidget(MARKUP_WIDGET, markup.control, markup.preview)
  cms.registerWidget(TEXT_WIDGET, textWidget(react, terms).control)
  cms.registerWidget(ADDRESS_WIDGET, addressWidget(react).control)
  cms.registerPreviewStyle(siteCss)
  cms.registerPreviewTemplate('pages', landingPreview(react, DOMPurify))
  const local = ['127.0.0.1', 'localhost'].includes(location.hostname)
  cms.init({
    config: {
      // The sign-in popup opens /api/auth/github on this same server.
      backend: { base_url: location.origin },
      // `npm run cms` answers Decap's proxy protocol on this origin; elsewhere Decap never asks.
      ...(local ? { local_backend: { url: `${location.origin}${LOCAL_PROXY_PATH}` } } : {}),
    },
  })
  addStarters(document)
}

start().catch((error: Error) => {
  document.body.textContent = `The editor could not start: ${error.message}`
})
