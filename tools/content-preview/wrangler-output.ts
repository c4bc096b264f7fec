/**
 * The address of one Cloudflare Pages deploy, from what `wrangler pages deploy` prints:
 *
 *   ✨ Deployment complete! Take a peek over at https://1a2b3c4d.corvane-preview.pages.dev
 *   ✨ Deployment alias URL: https://pr-12.corvane-preview.pages.dev
 *
 * The first is this deploy's own address, which never changes; the alias moves to the branch's next
 * deploy, so a comment that links it would show later content under an earlier summary.
 */

/** Terminal colour codes wrangler may print around its words. */
const ANSI = /\u001b\[[0-9;]*m/g

/** The deploy's own https address on pages.dev (or a project's custom domain), or undefined when the output has none. */
export function deploymentUrl(output: string, projectName?: string): string | undefined {
  const text = output.replace(ANSI, '')
  const peek = /Take a peek over at\s+(https:\/\/[^\s'"<>]+)/.exec(text)?.[1]
  const candidates = peek ? [peek] : [...text.matchAll(/https:\/\/[^\s'"<>]+\.pages\.dev\b[^\s'"<>]*/g)].map((m) => m[0])
  const aliases = new Set([...text.matchAll(/alias URL:\s+(https:\/\/\S+)/gi)].map((m) => m[1]))
  for (const candidate of candidates) {
    if (aliases.has(candidate)) continue
    let url: URL
    try {
      url = new URL(candidate.replace(/[.,;:)]+$/, ''))
    } catch {
      continue
    }
    if (url.protocol !== 'https:') continue
    if (projectName && url.hostname.endsWith('.pages.dev') && !url.hostname.endsWith(`.${projectName}.pages.dev`)) continue
    return url.origin
  }
  return undefined
}
