import type { SiteManifest } from '../../src/core/manifest.ts'

/** Built content for a server under test: an empty site on the embedded API, with what the test gives. */
export function testContent(given: Partial<SiteManifest> = {}): SiteManifest {
  return {
    siteUrl: 'http://127.0.0.1',
    routes: [],
    blogs: [],
    projects: [],
    blogApi: { url: '/api', imageOrigins: [] },
    retentionDays: 365,
    ...given,
  }
}
