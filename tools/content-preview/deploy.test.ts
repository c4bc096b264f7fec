import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { planDeploy, readReport, WRANGLER, writeSummaries } from './deploy.ts'
import { COMMENT_MARKER } from './summary.ts'

const secrets = { CLOUDFLARE_API_TOKEN: 'token', CLOUDFLARE_ACCOUNT_ID: 'account', PR_NUMBER: '12', PR_FROM_FORK: 'false' }

describe('planDeploy', () => {
  it('deploys dist/ with the pinned wrangler as branch pr-<number>', () => {
    expect(planDeploy(secrets, true)).toEqual({
      project: 'corvane-preview',
      branch: 'pr-12',
      args: [
        '--yes',
        WRANGLER,
        'pages',
        'deploy',
        'dist',
        '--project-name',
        'corvane-preview',
        '--branch',
        'pr-12',
        '--commit-dirty=true',
      ],
    })
    expect(WRANGLER).toMatch(/^wrangler@\d+\.\d+\.\d+$/)
  })

  it('skips, saying why, for a fork, without secrets, without a build or a pull request', () => {
    expect(planDeploy({ ...secrets, PR_FROM_FORK: 'true' }, true)).toEqual({ skipped: expect.stringContaining('forks') })
    expect(planDeploy({ ...secrets, CLOUDFLARE_API_TOKEN: '' }, true)).toEqual({
      skipped: expect.stringContaining('CLOUDFLARE_API_TOKEN'),
    })
    expect(planDeploy(secrets, false)).toEqual({ skipped: 'nothing was built to deploy' })
    expect(planDeploy({ ...secrets, PR_NUMBER: '' }, true)).toEqual({ skipped: expect.stringContaining('PR_NUMBER') })
    expect(planDeploy({ ...secrets, CLOUDFLARE_PAGES_PROJECT: 'x; rm -rf /' }, true)).toEqual({
      skipped: expect.stringContaining('not a Cloudflare'),
    })
  })
})

describe('writeSummaries', () => {
  it('writes a summary and a comment even when content:preview left no report', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'deploy-'))
    const report = readReport(dir)
    expect(report.build).toBe('failed')
    writeSummaries(
      dir,
      report,
      { skipped: 'nothing was built to deploy' },
      {
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: 'o/r',
        GITHUB_RUN_ID: '7',
      },
    )
    const comment = readFileSync(path.join(dir, 'comment.md'), 'utf8')
    expect(comment.startsWith(COMMENT_MARKER)).toBe(true)
    expect(comment).toContain('open the run log')
    expect(comment).toContain('**No preview deployed:** nothing was built to deploy.')
    expect(comment).toContain('(https://github.com/o/r/actions/runs/7)')
    expect(readFileSync(path.join(dir, 'summary.md'), 'utf8')).not.toContain(COMMENT_MARKER)
  })
})
