import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/** A lead command as npm runs it, from its source, with only `env` set beyond PATH. */
function run(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe.each([
  ['leads:export', 'server/export-leads.ts', []],
  ['leads:deliveries', 'server/deliveries-cli.ts', ['list']],
  ['leads:redeliver', 'server/deliveries-cli.ts', ['redeliver', '--failed']],
])('npm run %s that cannot start', (command, script, args) => {
  it('names each bad variable on its own line, secrets without their values, and no stack trace', () => {
    const outcome = run(script, args, { PORT: 'abc', LEAD_WEBHOOK_SECRET: 'tiny-secret', SLACK_WEBHOOK_URL: 'not-a-url-token' })
    expect(outcome.code).toBe(1)
    expect(outcome.stderr.trim().split('\n')).toEqual([
      `${command} not run: invalid environment:`,
      '  - PORT=abc: expected a whole number from 0 to 65535',
      '  - LEAD_WEBHOOK_SECRET: use at least 16 characters (a random string)',
      '  - SLACK_WEBHOOK_URL: expected the https://hooks.slack.com/services/… URL of a Slack incoming webhook',
    ])
    expect(outcome.stdout).toBe('')
  })

  it('says in one line why the database could not be opened', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'cli-'))
    const outcome = run(script, args, { DATABASE_PATH: folder })
    expect(outcome.code).toBe(1)
    expect(outcome.stderr.trim()).toBe(
      `${command} not run: DATABASE_PATH=${folder} is a folder: name a file, e.g. ${folder}/leads.sqlite`,
    )
  })
})
