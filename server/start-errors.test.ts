import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { masked } from './start-errors.ts'

/** A lead command as npm runs it, from its source, with only `env` set beyond PATH. */
function run(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', ...(script.startsWith('-') ? [] : [script]), ...args], {
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
  it('names each bad variable on a line of its own, secrets without their values, and no stack trace', () => {
    const outcome = run(script, args, { PORT: 'abc', LEAD_WEBHOOK_SECRET: 'tiny-secret', SLACK_WEBHOOK_URL: 'not-a-url-token' })
    expect(outcome.code).toBe(1)
    expect(outcome.stderr.trim().split('\n')).toEqual([
      `${command} not run: PORT=abc: expected a whole number from 0 to 65535`,
      `${command} not run: LEAD_WEBHOOK_SECRET: use at least 16 characters (a random string)`,
      `${command} not run: SLACK_WEBHOOK_URL: expected the https://hooks.slack.com/services/… URL of a Slack incoming webhook`,
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

describe('masked: what start-up errors print', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it.each<[string, Record<string, string>, string, string]>([
    [
      'a DATABASE_URL no parser reads, whole',
      { DATABASE_URL: 'postgres://u:secret-a1@[::1/db' },
      'Invalid URL: postgres://u:secret-a1@[::1/db',
      'Invalid URL: ***',
    ],
    [
      'the password of a DATABASE_URL no parser reads',
      { DATABASE_URL: 'postgres://u:secret-a1@[::1/db' },
      'password secret-a1 refused',
      'password *** refused',
    ],
    [
      'a password with a percent sign that is no escape',
      { DATABASE_URL: 'postgres://u:pw%zz@db.example.com/db' },
      'user u, password pw%zz',
      'user u, password ***',
    ],
    [
      'a password with an @, a / and a space, decoded',
      { DATABASE_URL: 'postgres://leads:p%40ss%20w%2Frd@db.example.com/db' },
      'auth failed for p@ss w/rd',
      'auth failed for ***',
    ],
    [
      'a password with an @, a / and a space left unencoded',
      { DATABASE_URL: 'postgres://leads:p@ss w/rd?#%@127.0.0.1:5432/db' },
      'read "p@ss w/rd?#%" as the password',
      'read "***" as the password',
    ],
    [
      'a key=value string',
      { DATABASE_URL: "host=db user=leads password='kv secret-b2'" },
      'connecting with kv secret-b2 failed',
      'connecting with *** failed',
    ],
    [
      'the webhook secret inside another value',
      { LEAD_WEBHOOK_SECRET: 'long-enough-secret-c3' },
      'HOST=bad long-enough-secret-c3: expected a host name or address',
      'HOST=bad ***: expected a host name or address',
    ],
    [
      'the credentials of SMTP_URL inside another value',
      { SMTP_URL: 'smtp://mailer:smtp-pass-d4@mail.example.com:587' },
      'CONNECT_SRC=mailer:smtp-pass-d4: expected an absolute URL',
      'CONNECT_SRC=***: expected an absolute URL',
    ],
    [
      'the GitHub client secret',
      { GITHUB_OAUTH_CLIENT_SECRET: 'gh-secret-e5' },
      'TRUST_PROXY=gh-secret-e5: expected true, false, a hop count',
      'TRUST_PROXY=***: expected true, false, a hop count',
    ],
    [
      'the credentials of any URL',
      {},
      'fetch https://admin:any-pass-f6@ghe.example.com/x failed',
      'fetch https://***@ghe.example.com/x failed',
    ],
    ['line breaks, so one reason stays one line', {}, 'first\n    at secret (x.ts:1)\r\nlast', 'first at secret (x.ts:1) last'],
  ])('keeps out %s', (_name, env, text, shown) => {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
    expect(masked(text)).toBe(shown)
  })
})

describe('an exception nobody caught while the server starts', () => {
  const env = { DATABASE_URL: 'postgres://u:uncaught-pass-1@[::1/db', SMTP_URL: 'smtp://mailer:uncaught-pass-2@mail.example.com' }

  it.each([
    [
      'thrown',
      "setTimeout(() => { throw Object.assign(new TypeError('Invalid URL'), { input: process.env.DATABASE_URL }) })",
      'server not started: the server failed while starting: TypeError: Invalid URL (LOG_LEVEL=debug shows where)',
    ],
    [
      'rejected',
      'void Promise.reject(new Error(`no answer from ${process.env.SMTP_URL}`))',
      'server not started: the server failed while starting: Error: no answer from *** (LOG_LEVEL=debug shows where)',
    ],
    [
      'thrown as a value that cannot be turned into text',
      'setTimeout(() => { throw Object.create(null) })',
      'server not started: the server failed while starting: Error: (a value that cannot be shown) (LOG_LEVEL=debug shows where)',
    ],
  ])('%s, ends it in one masked line', (_how, cause, line) => {
    const program = `const { guardStart } = await import('./server/start-errors.ts'); guardStart(); ${cause}`
    const outcome = run('--input-type=module', ['--eval', program], env)
    expect(outcome.code).toBe(1)
    expect(outcome.stderr.trim().split('\n')).toEqual([line])
    expect(outcome.stdout).toBe('')
  })
})
