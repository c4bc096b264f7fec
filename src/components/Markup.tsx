import { createElement, type ReactNode } from 'react'
import { Link } from '../lib/router'
import type { MarkupNode } from '../generated/content-types'

/** Site-relative links that the router serves; they navigate without a page load. */
const ROUTER_PATH = /^\/(?:$|ai\/|blog(?:[/?#]|$)|thank-you(?:[?#]|$))/

function renderNode(node: MarkupNode, key: number): ReactNode {
  if (typeof node === 'string') return node
  const [tag, attrs, ...children] = node
  const content = children.length > 0 ? children.map(renderNode) : undefined
  if (tag === 'a' && attrs && ROUTER_PATH.test(attrs.href ?? '')) {
    return (
      <Link key={key} to={attrs.href}>
        {content}
      </Link>
    )
  }
  return createElement(tag, { key, ...(attrs || {}) }, content)
}

/**
 * Renders markup the build already sanitized and parsed (codegen/markup.ts): neither a sanitizer
 * nor an HTML parser ships to the browser. Internal links become router links.
 */
export function Markup({ blocks }: { blocks: readonly MarkupNode[] }) {
  return <>{blocks.map(renderNode)}</>
}

/** A list of markup fields (e.g. descriptionOne), rendered one after the other. */
export function MarkupList({ items }: { items: readonly (readonly MarkupNode[])[] }) {
  return <>{items.flat().map(renderNode)}</>
}
