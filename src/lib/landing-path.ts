/** Where a requested /ai/ path leads: its page, its canonical spelling (301) or the home page (302). */
export type LandingResolution =
  | { kind: 'page'; route: string }
  | { kind: 'redirect'; to: string; status: 301 | 302 }

/** Case-insensitive lookup of the canonical routes, built once per route list. */
export function createLandingResolver(routes: Iterable<string>) {
  const exact = new Set(routes)
  const byLowerCase = new Map([...exact].map((r) => [r.toLowerCase(), r]))
  return (pathname: string): LandingResolution => {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
    if (exact.has(trimmed)) return { kind: 'page', route: trimmed }
    const canonical = byLowerCase.get(trimmed.toLowerCase())
    if (canonical) return { kind: 'redirect', to: canonical, status: 301 }
    return { kind: 'redirect', to: '/', status: 302 }
  }
}
