/**
 * A preview build is the site as a pull request would make it, deployed for reviewers only: every
 * page says so (a ribbon), search engines are told to keep out (robots meta, X-Robots-Tag,
 * robots.txt) and the consultation form sends nothing. One variable makes it: VITE_PREVIEW=1 when
 * the site is built. Browser code reads it as `import.meta.env.VITE_PREVIEW === '1'`, which the
 * live build compiles away; the build records it in the site manifest for the server.
 */
export function isPreviewBuild(env: { VITE_PREVIEW?: string }): boolean {
  return env.VITE_PREVIEW === '1'
}
