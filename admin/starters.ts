/**
 * New-page starters: beside Decap's "New Landing page" button, one link per kind of page, opening a
 * new page with its kind (and a location page's country) filled from the address's query, which
 * Decap reads (`?category=…`). The links follow Decap's own button, whose address is fixed.
 */
import schema from '../schema/page.schema.json'

const NEW_PAGE = '#/collections/pages/new'

/** A starter per page kind the schema lists, in its order; the location starter with its readers' country. */
const STARTERS = schema.properties.category.enum.map((kind) => ({
  label: `New ${kind} page`,
  href: `${NEW_PAGE}?${new URLSearchParams({ category: kind, ...(kind === 'location' ? { 'audience.country': 'US' } : {}) })}`,
}))

const LINK_STYLE =
  'margin-left:8px;padding:0 18px;line-height:36px;border-radius:5px;background:#fff;border:1px solid #dfdfe3;color:#313d3e;font-size:14px;text-decoration:none;white-space:nowrap'

/** Adds the starters next to `button`, once. */
function placeStarters(button: HTMLAnchorElement) {
  if (button.parentElement?.querySelector('[data-starter]')) return
  const links = STARTERS.map(({ label, href }) => {
    const link = button.ownerDocument.createElement('a')
    link.href = href
    link.textContent = label
    link.dataset.starter = ''
    link.setAttribute('style', LINK_STYLE)
    return link
  })
  button.after(...links)
}

/** Keeps the starters beside Decap's button whenever it renders the pages collection. */
export function addStarters(doc: Document) {
  const place = () => {
    const button = doc.querySelector<HTMLAnchorElement>(`a[href="${NEW_PAGE}"]`)
    if (button) placeStarters(button)
  }
  new MutationObserver(place).observe(doc.body, { childList: true, subtree: true })
  place()
}
