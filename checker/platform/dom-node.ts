/**
 * The DOM the markup checks parse with, in Node: a jsdom window, replaced every 256 uses, as jsdom keeps
 * a listener per document DOMPurify parses and each new one scans the ones before (quadratic time).
 */
import createDOMPurify, { type DOMPurify } from 'dompurify'
import { createRequire } from 'node:module'

let shared: { purify: DOMPurify; document: Document } | undefined
let uses = 0

export function checkerDom(): { purify: DOMPurify; document: Document } {
  if (!shared || ++uses % 256 === 0) {
    // Loaded on first use (0.4 s): a build whose markup all takes the fast path never needs it.
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof import('jsdom')
    const { window } = new JSDOM('<!doctype html><body></body>')
    shared = { purify: createDOMPurify(window as unknown as Window & typeof globalThis), document: window.document }
  }
  return shared
}
