import { closest } from '../closest.ts'
import { reporter, type Problem, type Explained } from '../errors.ts'
import { entryOf } from '../map-entry.ts'
import { markupLinks } from '../markup.ts'
import { isLandingRoute } from '../../src/core/routes.ts'
import { contentKindOf } from '../content-files.ts'
import { addressKey, redirectsOf, routesOf } from './redirects.ts'
import { ALL_KINDS, defineSiteRule } from './types.ts'
import { placeIn, type PathSegment, type YamlSource } from '../yaml-source.ts'

const messages = {
  BrokenLink: (href: string, suggestion?: string, path?: string): Explained => ({
    message: `links to ${href}, which is not a page of this site`,
    hint:
      (suggestion ? `did you mean ${suggestion}?` : 'Check the address against the files in content/pages.') +
      (path ? ` Write a link inside the site as ${suggestion ?? path}, without the site's own https:// address in front.` : ''),
  }),
  LinkedPageMissing: (address: string, linkedFrom: readonly string[], renamedTo?: string): Explained => {
    const linkers = `${linkedFrom.length} ${linkedFrom.every((f) => f.startsWith('content/pages/')) ? 'pages' : 'files'}`
    const shown = linkedFrom.slice(0, 3).join(', ') + (linkedFrom.length > 3 ? ` and ${linkedFrom.length - 3} more` : '')
    const fileOf = (route: string) => `content/pages/${route.slice('/ai/'.length)}.yaml`
    const redirect = (to: string) => `add a redirect to content/redirects.yaml (from: ${address}, to: ${to})`
    if (renamedTo?.toLowerCase() === address.toLowerCase())
      return {
        message: `the address ${address} changed to ${renamedTo}: ${linkers} link to it`,
        hint: `Rename ${fileOf(renamedTo!)} back to ${fileOf(address)}, or change the links to ${renamedTo}. Linked from ${shown}.`,
      }
    const deleted = `${renamedTo ? 'If it was deleted, ' : ''}${redirect('the page that replaces it')}, or put ${fileOf(address)} back, or change the links`
    return {
      message: `the address ${address} no longer exists${renamedTo ? ` (renamed to ${renamedTo}?)` : ''}: ${linkers} link to it`,
      hint: `${renamedTo ? `If ${fileOf(renamedTo)} is that page renamed, rename it back or ${redirect(renamedTo)}. ` : ''}${deleted[0].toUpperCase()}${deleted.slice(1)}. Linked from ${shown}.`,
    }
  },
  LinkToOldAddress: (href: string, to: string): Explained => ({
    message: `links to ${href}, an old address that content/redirects.yaml sends on to ${to}`,
    hint: `Link straight to ${to}. The old address works for visitors who come from other sites, but a click on this link inside the site goes to the home page instead.`,
  }),
  FullAddressToOwnPage: (href: string, path: string): Explained => ({
    message: `links to ${href}, a page of this site, by its full address`,
    hint: `Write it as ${path}: a full address leaves a preview or a test copy of the site for the live one, so the link cannot be tried before publishing.`,
  }),
}

const problem = reporter(messages, ['LinkToOldAddress', 'FullAddressToOwnPage'])

/** A site-relative link of a markup field, with the path of the field it is written in. */
interface KeptLink {
  href: string
  /** The route it asks for: no query, no fragment, no trailing slash. */
  target: string
  path: PathSegment[]
  /** For a full address (https://host/…), its host: a link on the site's own domain is checked like a / link. */
  host?: string
}

/** Where a link is written. Found only for a link reported: a position costs a second parse of the file. */
const placeOf = (source: YamlSource, link: KeptLink) => placeIn(source, link.path)

/** The route a site-relative link asks for; undefined for a link off the site (https:, mailto:, //host). */
function linkTarget(href: string): string | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined
  return href.split(/[?#]/)[0].replace(/\/+$/, '') || '/'
}

/** A full web address as its host (without www.) and the route it asks for; undefined for anything else. */
function fullAddressTarget(href: string): { host: string; target: string } | undefined {
  const found = /^https?:\/\/([^/?#\s]+)(\/[^?#\s]*)?/i.exec(href)
  if (!found) return undefined
  return { host: hostKey(found[1]), target: linkTarget(found[2] ?? '/') ?? '/' }
}

const hostKey = (host: string) =>
  host
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/:443$|:80$/, '')

/** The host of the site's own address (company.url of site.yaml), without www.; undefined when site.yaml gives none. */
function ownHost(sources: readonly YamlSource[]): string | undefined {
  const site = sources.find((source) => contentKindOf(source.file) === 'site')?.data as
    { company?: { url?: unknown } } | undefined
  const url = site?.company?.url
  return typeof url === 'string' ? fullAddressTarget(url)?.host : undefined
}

/**
 * Whether a route is this site's to serve: a fixed route or under /ai/ or /blog/. The rest of the
 * company's domain (/contact, /about) is another site's, which this check cannot see.
 */
const isOwnSection = (route: string, routes: ReadonlySet<string>) =>
  routes.has(route) || isLandingRoute(route) || route.startsWith('/blog/')

/**
 * The page a missing address probably became: the same address in other letter case, or else the
 * closest address no link leads to (a renamed page's links still name its old address).
 */
function renamedTo(address: string, routes: ReadonlySet<string>, linked: ReadonlySet<string>): string | undefined {
  const pages = [...routes].filter(isLandingRoute)
  const sameInOtherCase = pages.find((route) => addressKey(route) === addressKey(address))
  return (
    sameInOtherCase ??
    closest(
      address,
      pages.filter((route) => !linked.has(addressKey(route))),
    )
  )
}

/** The link as it was likely meant: its address replaced by the closest page's, its #part or ?query kept. */
function likelyHref({ href, target }: KeptLink, routes: ReadonlySet<string>): string | undefined {
  const page = closest(target, routes)
  const at = href.indexOf(target)
  return page && at >= 0 ? href.slice(0, at) + page + href.slice(at + target.length) : page
}

/**
 * Site-relative links of markup fields lead to a route of the site; one to an old address that
 * content/redirects.yaml sends on is only a warning. When two or more files link to the same missing
 * /ai/ address, a page was renamed or deleted: that is one problem, at the first link, not one in
 * every file.
 */
export const internalLinks = defineSiteRule({
  name: 'internal-links',
  kinds: ALL_KINDS,
  messages,
  keep(_file, leaves) {
    const links: KeptLink[] = []
    for (const leaf of leaves) {
      if (leaf.role !== 'markup') continue
      for (const href of markupLinks(leaf.text)) {
        const target = linkTarget(href)
        const found = target === undefined ? fullAddressTarget(href) : { target }
        if (found) links.push({ href, ...found, path: leaf.path })
      }
    }
    return links
  },
  check({ files }) {
    const sources = files.map((f) => f.source)
    const routes = routesOf(sources)
    const redirected = new Map(redirectsOf(sources).map((r) => [addressKey(r.from), r.to]))
    // The links to each missing address, in any letter case: the server sends every spelling to one page.
    const missing = new Map<string, { source: YamlSource; link: KeptLink }[]>()
    const problems: Problem[] = []
    const host = ownHost(sources)
    const ofThisSite = (link: KeptLink) => link.host === undefined || (link.host === host && isOwnSection(link.target, routes))
    for (const { source, kept } of files) {
      for (const link of (kept ?? []).filter(ofThisSite)) {
        if (routes.has(link.target)) {
          if (link.host !== undefined)
            problems.push(problem('FullAddressToOwnPage', placeOf(source, link), link.href, link.target))
          continue
        }
        const key = addressKey(link.target)
        const movedTo = redirected.get(key)
        if (movedTo) {
          problems.push(problem('LinkToOldAddress', placeOf(source, link), link.href, movedTo))
          continue
        }
        entryOf(missing, key, () => []).push({ source, link })
      }
    }
    const linked = new Set(files.flatMap(({ kept }) => (kept ?? []).filter(ofThisSite).map((link) => addressKey(link.target))))
    for (const links of missing.values()) {
      const at = ({ source, link }: (typeof links)[number]) => placeOf(source, link)
      const linkedFrom = [...new Set(links.map((l) => l.source.file))]
      const target = links[0].link.target
      if (isLandingRoute(target) && linkedFrom.length >= 2)
        problems.push(problem('LinkedPageMissing', at(links[0]), target, linkedFrom, renamedTo(target, routes, linked)))
      else
        for (const { source, link } of links) {
          // A full address on the site's own domain is suggested as the path to write instead.
          const full = link.host === undefined ? undefined : link.target
          const suggestion = full ? closest(link.target, routes) : likelyHref(link, routes)
          problems.push(problem('BrokenLink', placeOf(source, link), link.href, suggestion, full))
        }
    }
    return problems
  },
  docs: {
    BrokenLink: {
      means: 'A link inside the site points to a page that does not exist.',
      example: ['/ai/Ai-Developement', '/ai/Ai-Development'],
    },
    LinkedPageMissing: {
      means:
        'Several files link to a page address that no longer exists: the page was renamed or deleted. It is reported once, at the first link, with the files that link to it.',
      example: [
        '/ai/Ai-Development',
        [
          'content/pages/Ai-Agent-Development.yaml',
          'content/pages/Ai-Consulting.yaml',
          'content/pages/Enterprise-Ai-Development.yaml',
          'content/pages/Large-Language-Model.yaml',
        ],
        '/ai/ai-development',
      ],
    },
    FullAddressToOwnPage: {
      means:
        "A link names a page of this site by its full address (https://www.… copied from the browser's address bar). A warning: it works on the live site, but from a preview it leads to the live site instead, so write it as /ai/… or /blog/….",
      example: ['https://www.corvane.example/ai/Ai-Consulting', '/ai/Ai-Consulting'],
    },
    LinkToOldAddress: {
      means:
        'A link names an old address that content/redirects.yaml sends on to a page. It works from other sites, but inside the site a link must name the page itself. A warning: it stops neither the check nor the build.',
      example: ['/ai/Ai-Development', '/ai/Ai-Development-Services'],
    },
  },
})
