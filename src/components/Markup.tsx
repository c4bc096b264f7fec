import { createElement, type ReactNode } from 'react'
import { ROUTER_PATH } from '../core/routes'
import { Link } from '../lib/link'
import { DROP_WITH_CONTENT, isAllowedTag, MAX_MARKUP_DEPTH as MAX_DEPTH, safeHref, type MarkupNode } from '../core/markup-policy'

function renderLink(attrs: unknown, content: ReactNode[] | undefined, key: number): ReactNode {
  const href = safeHref(attrs && typeof attrs === 'object' ? (attrs as Record<string, unknown>).href : undefined)
  if (href === undefined) return createElement('a', { key }, content)
  if (ROUTER_PATH.test(href)) {
    return (
      <Link key={key} to={href}>
        {content}
      </Link>
    )
  }
  const external = /^https?:/i.test(href)
  return createElement('a', { key, href, ...(external ? { rel: 'noopener noreferrer' } : {}) }, content)
}

function renderNodes(nodes: readonly unknown[], depth: number): ReactNode[] {
  return nodes.map((node, key) => renderNode(node, key, depth))
}

/**
 * One node, whatever its shape: only allow-listed tags with a checked href are created; an unknown
 * wrapper gives up its text, code and controls (script, style, form…) vanish with their content.
 */
function renderNode(node: unknown, key: number, depth: number): ReactNode {
  if (typeof node === 'string') return node
  if (!Array.isArray(node) || typeof node[0] !== 'string' || depth > MAX_DEPTH) return null
  const tag = node[0].toLowerCase()
  const children = node.slice(2)
  if (DROP_WITH_CONTENT.has(tag)) return null
  const content = children.length > 0 ? renderNodes(children, depth + 1) : undefined
  if (!isAllowedTag(tag)) return content ?? null
  if (tag === 'a') return renderLink(node[1], content, key)
  if (tag === 'br') return createElement('br', { key })
  return createElement(tag, { key }, content)
}

/**
 * Renders parsed markup: the build's (codegen/markup.ts) or the API's, which may be anything, so
 * the allow-list is applied again here. Internal links become router links.
 */
export function Markup({ blocks }: { blocks: readonly MarkupNode[] }) {
  return <>{renderNodes(Array.isArray(blocks) ? blocks : [], 0)}</>
}

/** A list of markup fields (e.g. descriptionOne), rendered one after the other. */
export function MarkupList({ items }: { items: readonly (readonly MarkupNode[])[] }) {
  return <>{renderNodes(Array.isArray(items) ? items.flatMap((item) => (Array.isArray(item) ? item : [])) : [], 0)}</>
}
