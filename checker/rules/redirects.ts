import { closest } from '../closest.ts'
import { contentKindOf } from '../content-files.ts'
import { reporter, type Problem, type Explained } from '../errors.ts'
import type { ContentKind } from '../schemas.ts'
import { siteRoutes } from '../site-index.ts'
import { placeIn, type YamlSource } from '../yaml-source.ts'
import { isLandingRoute, landingFileOf } from '../../src/core/routes.ts'
import { defineSiteRule } from './types.ts'

const messages = {
  RedirectShadowsPage: (from: string, page: string): Explained => ({
    message: `${from} is the address of ${page}, a page that exists`,
    hint: `A redirect is for an address that no longer has a page; visitors would never reach this one. Remove the entry, or rename or delete ${page} first.`,
  }),
  DuplicateRedirect: (from: string, line: number): Explained => ({
    message: `${from} is already redirected on line ${line}`,
    hint: 'Keep one entry per old address: delete this one or the other.',
  }),
  RedirectLoop: (cycle: readonly string[]): Explained => ({
    message: `the redirects lead in a circle: ${cycle.join(' → ')}`,
    hint: 'Point each old address to a page that exists; a visitor sent round the circle never arrives.',
  }),
  RedirectChain: (to: string, next: string, final?: string): Explained => ({
    message: `leads to ${to}, which is itself redirected to ${next}`,
    hint: `Point it straight to ${final ? `the page: to: ${final}` : 'a page that exists'}. Visitors and search engines should be sent on once, not twice.`,
  }),
  RedirectTargetMissing: (to: string, suggestion?: string): Explained => ({
    message: `leads to ${to}, which is not a page of this site`,
    hint: suggestion
      ? `did you mean ${suggestion}?`
      : 'Write the address of a page that exists: /ai/ and a file name of content/pages without .yaml, or /, /blog, /privacy.',
  }),
}

const problem = reporter(messages)

/** One entry of content/redirects.yaml that names both addresses, with its place in the list. */
interface RedirectEntry {
  from: string
  to: string
  index: number
}

/** Addresses compare as the server compares them: in any letter case, without a trailing slash. */
export const addressKey = (route: string) => (route.replace(/\/+$/, '') || '/').toLowerCase()

const filesOfKind = (sources: readonly YamlSource[], kind: ContentKind) =>
  sources.filter((source) => contentKindOf(source.file) === kind)

/** Every route of the site, from the page and blog files among `sources` and the fixed routes. */
export function routesOf(sources: readonly YamlSource[]): Set<string> {
  const files = (kind: ContentKind) => filesOfKind(sources, kind).map((source) => source.file)
  return siteRoutes(files('page'), files('blog'))
}

/** The entries of content/redirects.yaml among `sources` that name both addresses, in file order. */
export function redirectsOf(sources: readonly YamlSource[]): RedirectEntry[] {
  const [source] = filesOfKind(sources, 'redirects')
  const list = (source?.data as { redirects?: unknown } | undefined)?.redirects
  if (!Array.isArray(list)) return []
  return list.flatMap((entry: unknown, index) => {
    const { from, to } = (entry ?? {}) as { from?: unknown; to?: unknown }
    return typeof from === 'string' && typeof to === 'string' ? [{ from, to, index }] : []
  })
}

/** Where a redirect leads once every later redirect is followed: a circle back to where it was, or an address. */
function followRedirects(entry: RedirectEntry, byFrom: ReadonlyMap<string, RedirectEntry>) {
  const visited = [entry.from]
  let to = entry.to
  for (;;) {
    const seenAt = visited.findIndex((address) => addressKey(address) === addressKey(to))
    if (seenAt >= 0) return { circle: [...visited.slice(seenAt), to], final: undefined }
    const next = byFrom.get(addressKey(to))
    if (!next) return { circle: undefined, final: to }
    visited.push(next.from)
    to = next.to
  }
}

/**
 * Each old address in content/redirects.yaml is no page's address (the page would hide it), is listed
 * once, and leads in one step to a route of the site: not to another old address, never in a circle.
 */
export const redirects = defineSiteRule({
  name: 'redirects',
  kinds: ['page', 'blog', 'redirects'],
  messages,
  check({ files }) {
    const sources = files.map((f) => f.source)
    const [source] = filesOfKind(sources, 'redirects')
    if (!source) return []
    const routes = routesOf(sources)
    const pages = new Map([...routes].filter(isLandingRoute).map((route) => [addressKey(route), route]))
    const at = (entry: RedirectEntry, field: 'from' | 'to') => placeIn(source, ['redirects', entry.index, field])
    const problems: Problem[] = []
    const byFrom = new Map<string, RedirectEntry>()
    const listed: RedirectEntry[] = []
    for (const entry of redirectsOf(sources)) {
      const page = pages.get(addressKey(entry.from))
      const first = byFrom.get(addressKey(entry.from))
      if (page) problems.push(problem('RedirectShadowsPage', at(entry, 'from'), entry.from, landingFileOf(page)))
      else if (first) problems.push(problem('DuplicateRedirect', at(entry, 'from'), entry.from, at(first, 'from').line))
      else {
        byFrom.set(addressKey(entry.from), entry)
        listed.push(entry)
      }
    }
    for (const entry of listed) {
      const { circle, final } = followRedirects(entry, byFrom)
      const next = byFrom.get(addressKey(entry.to))
      if (circle && addressKey(circle[0]) === addressKey(entry.from))
        problems.push(problem('RedirectLoop', at(entry, 'to'), circle))
      else if (next) problems.push(problem('RedirectChain', at(entry, 'to'), entry.to, next.to, final))
      else if (!routes.has(entry.to))
        problems.push(problem('RedirectTargetMissing', at(entry, 'to'), entry.to, closest(entry.to, routes)))
    }
    return problems
  },
  docs: {
    RedirectShadowsPage: {
      means:
        'An old address in content/redirects.yaml is still (in any letter case) the address of a page, so the redirect would never be used.',
      example: ['/ai/Ai-Consulting', 'content/pages/Ai-Consulting.yaml'],
    },
    DuplicateRedirect: {
      means: 'The same old address is listed twice in content/redirects.yaml; only one entry can count.',
      example: ['/ai/Ai-Development', 4],
    },
    RedirectLoop: {
      means: 'Redirects in content/redirects.yaml send each other round in a circle, so a visitor never reaches a page.',
      example: [['/ai/Old-Name', '/ai/Older-Name', '/ai/Old-Name']],
    },
    RedirectChain: {
      means: 'A redirect leads to another old address, which is redirected again. Each redirect must lead straight to a page.',
      example: ['/ai/Ai-Dev', '/ai/Ai-Development-Services', '/ai/Ai-Development-Services'],
    },
    RedirectTargetMissing: {
      means: 'A redirect in content/redirects.yaml leads to an address that is not a page of the site.',
      example: ['/ai/ai-developement', '/ai/ai-development'],
    },
  },
})
