/** Names the CMS configuration (tools/form-editor/cms-config.ts) and the admin's registrations share. */

/** The custom format of every collection: YAML written the way our files are (format.ts). */
export const CMS_FORMAT = 'site-yaml'
/** The rich-text widget of description markup (markup-widget.ts). */
export const MARKUP_WIDGET = 'markup'
/** The plain-text widget with its live count and one-rule messages (text-widget.ts). */
export const TEXT_WIDGET = 'site-text'
/** Where the admin asks the local proxy of `npm run cms`, on its own origin. */
export const LOCAL_PROXY_PATH = '/api/v1'
/** Decap's language of the admin: its English with our phrases over it (phrases.ts). */
export const SITE_LOCALE = 'en-site'
/** The widget of a landing page's address (address-widget.ts). */
export const ADDRESS_WIDGET = 'page-address'
/** The form's field for a new page's address: its file name, never written into the file. */
export const ADDRESS_FIELD = 'address'
