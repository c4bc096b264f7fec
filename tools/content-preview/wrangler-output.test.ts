import { describe, expect, it } from 'vitest'
import { deploymentUrl } from './wrangler-output.ts'

/** What `wrangler pages deploy … --branch pr-12` prints, colours included. */
const OUTPUT = [
  '\u001b[33m▲ [WARNING]\u001b[0m Warning: Your working directory is a git repo and has uncommitted changes',
  '✨ Success! Uploaded 240 files (61 already uploaded) (3.12 sec)',
  '',
  '🌎 Deploying...',
  '✨ Deployment complete! Take a peek over at \u001b[36mhttps://1a2b3c4d.corvane-preview.pages.dev\u001b[39m',
  '✨ Deployment alias URL: https://pr-12.corvane-preview.pages.dev',
].join('\n')

describe('deploymentUrl', () => {
  it("reads this deploy's own address, not the branch alias that moves on", () => {
    expect(deploymentUrl(OUTPUT, 'corvane-preview')).toBe('https://1a2b3c4d.corvane-preview.pages.dev')
  })

  it('reads the address when wrangler puts it on the next line', () => {
    expect(deploymentUrl('✨ Deployment complete! Take a peek over at\n   https://abc123.site.pages.dev\n')).toBe(
      'https://abc123.site.pages.dev',
    )
  })

  it('refuses an address of another project, and output with no address', () => {
    expect(deploymentUrl(OUTPUT, 'other-project')).toBeUndefined()
    expect(deploymentUrl('✘ [ERROR] A request to the Cloudflare API failed. Authentication error [code: 10000]')).toBeUndefined()
  })
})
