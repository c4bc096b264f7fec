/**
 * The DOM the markup checks parse with, in a browser (the form editor's check): the page's own, in a
 * document of its own that no script runs in and nothing is shown from.
 */
import createDOMPurify, { type DOMPurify } from 'dompurify'

let shared: { purify: DOMPurify; document: Document } | undefined

export function checkerDom(): { purify: DOMPurify; document: Document } {
  shared ??= { purify: createDOMPurify(window), document: document.implementation.createHTMLDocument('') }
  return shared
}
