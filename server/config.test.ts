import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

afterEach(() => {
  vi.unstubAllEnvs()
})

/** The problems loadConfig reports for `env`, or [] when it accepts it. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
    return []
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    return error.problems
  }
}

describe('loadConfig', () => {
  it('reads the environment it is given, not the process environment beneath it', () => {
    vi.stubEnv('PORT', 'abc')
    vi.stubEnv('HOST', '')
    vi.stubEnv('LOG_LEVEL', 'verbose')
    expect(loadConfig({}).port).toBe(4173)
    expect(problemsOf({ REQUEST_TIMEOUT_MS: '0' })).toEqual(['REQUEST_TIMEOUT_MS=0: expected a whole number from 1000 to 600000'])
  })

  it('reads process.env when given nothing', () => {
    vi.stubEnv('PORT', '5005')
    expect(loadConfig().port).toBe(5005)
  })

  it.each<[string, Record<string, string>, string[]]>([
    ['PORT not a number', { PORT: 'abc' }, ['PORT=abc: expected a whole number from 0 to 65535']],
    ['PORT out of range', { PORT: '70000' }, ['PORT=70000: expected a whole number from 0 to 65535']],
    [
      'LOG_LEVEL unknown',
      { LOG_LEVEL: 'verbose' },
      ['LOG_LEVEL=verbose: expected one of fatal, error, warn, info, debug, trace, silent'],
    ],
    [
      'REQUEST_TIMEOUT_MS too small',
      { REQUEST_TIMEOUT_MS: '0' },
      ['REQUEST_TIMEOUT_MS=0: expected a whole number from 1000 to 600000'],
    ],
    ['HOST with a space', { HOST: 'my host' }, ['HOST=my host: expected a host name or address']],
    ['HOST with a line break, shown on one line', { HOST: 'a\nb' }, ['HOST="a\\nb": expected a host name or address']],
    [
      'DATABASE_URL not PostgreSQL',
      { DATABASE_URL: 'mysql://root:pw@db/leads' },
      ['DATABASE_URL: expected a postgres:// URL (unset it to use the SQLite file of DATABASE_PATH)'],
    ],
    [
      'LEAD_WEBHOOK_SECRET short',
      { LEAD_WEBHOOK_URL: 'https://hooks.example.com/x', LEAD_WEBHOOK_SECRET: 'short-one' },
      ['LEAD_WEBHOOK_SECRET: use at least 16 characters (a random string)'],
    ],
    [
      'LEAD_WEBHOOK_SECRET without a URL',
      { LEAD_WEBHOOK_SECRET: 'long-enough-secret-123' },
      ['LEAD_WEBHOOK_SECRET is set but LEAD_WEBHOOK_URL is not'],
    ],
    [
      'LEAD_WEBHOOK_URL not http',
      { LEAD_WEBHOOK_URL: 'ftp://user:pw@example.com/' },
      ['LEAD_WEBHOOK_URL: expected an http:// or https:// URL'],
    ],
    [
      'several at once, the later checks too',
      { PORT: 'abc', LOG_LEVEL: 'loud', TRUST_PROXY: '101', LEAD_EMAIL_FROM: 'sales@example.com' },
      [
        'PORT=abc: expected a whole number from 0 to 65535',
        'LOG_LEVEL=loud: expected one of fatal, error, warn, info, debug, trace, silent',
        'TRUST_PROXY=101: a hop count is at most 100',
        'LEAD_EMAIL_FROM is set but SMTP_URL and LEAD_EMAIL_TO are not',
      ],
    ],
  ])('%s is named', (_name, env, problems) => {
    expect(problemsOf(env)).toEqual(problems)
  })

  it('names secret variables without their values', () => {
    const secrets = {
      DATABASE_URL: 'mysql://root:hunter2-pass@db/x',
      LEAD_WEBHOOK_URL: 'ftp://u:hook-pass@x/',
      LEAD_WEBHOOK_SECRET: 'tiny',
    }
    const message = problemsOf(secrets).join('\n')
    for (const name of Object.keys(secrets)) expect(message).toContain(name)
    for (const value of ['hunter2-pass', 'hook-pass', 'tiny']) expect(message).not.toContain(value)
  })

  it.each([
    ['PORT'],
    ['HOST'],
    ['LOG_LEVEL'],
    ['DATABASE_URL'],
    ['LEAD_WEBHOOK_URL'],
    ['LEAD_WEBHOOK_SECRET'],
    ['REQUEST_TIMEOUT_MS'],
  ])('an empty %s counts as unset, given or exported', (name) => {
    expect(loadConfig({ [name]: '' })).toEqual(loadConfig({}))
    // Exported empty, as a shell or an .env file leaves it.
    vi.stubEnv(name, '')
    expect(loadConfig()).toEqual(loadConfig({}))
  })
})
