import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfigError, loadConfig, retentionProblem } from './config.ts'

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

  it.each<[string, string, RegExp]>([
    [
      'an unclosed IPv6 bracket',
      'postgres://u:secret-a1@[::1/db',
      /^DATABASE_URL: not a URL the PostgreSQL driver can read: percent-encode @/,
    ],
    ['a # in the password', 'postgres://u:pa#secret-b2@127.0.0.1/db', /^DATABASE_URL: not a URL the PostgreSQL driver can read/],
    [
      'an @ and a / in the password',
      'postgres://leads:p@ss w/secret-c3@127.0.0.1:5432/db',
      /^DATABASE_URL: an @ after the host and port/,
    ],
    ['a port-like password', 'postgres://u:12/secret-d4@127.0.0.1/db', /^DATABASE_URL: an @ after the host and port/],
    [
      'a space-separated string after postgres://',
      'postgres:// host=db password=secret-e5',
      /^DATABASE_URL: what it names as the host/,
    ],
  ])('refuses DATABASE_URL with %s, which the driver would read another way, without its value', (_name, url, problem) => {
    const problems = problemsOf({ DATABASE_URL: url })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(problem)
    expect(problems[0]).not.toMatch(/secret|p@ss|host=db/)
  })

  it.each([
    'postgres://leads:p%40ss%2Fw%3Frd@db.example.com:5432/leads',
    'postgres://u:pw%zz@db.example.com/db',
    'postgresql://leads@[::1]:5433/leads',
    'postgres:///leads?host=/var/run/postgresql',
  ])('accepts DATABASE_URL %s as the driver reads it', (url) => {
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url)
  })

  describe("the form editor's GitHub sign-in", () => {
    const pair = { GITHUB_OAUTH_CLIENT_ID: 'client-1', GITHUB_OAUTH_CLIENT_SECRET: 'gh-secret-1' }

    it('is read with both credentials, GitHub by default', () => {
      expect(loadConfig(pair).githubOAuth).toEqual({
        clientId: 'client-1',
        clientSecret: 'gh-secret-1',
        baseUrl: 'https://github.com',
        scope: 'repo',
      })
      expect(
        loadConfig({ ...pair, GITHUB_OAUTH_BASE_URL: 'https://ghe.example.com/', GITHUB_OAUTH_SCOPE: 'public_repo' }).githubOAuth,
      ).toMatchObject({
        baseUrl: 'https://ghe.example.com',
        scope: 'public_repo',
      })
      expect(loadConfig({}).githubOAuth).toBeUndefined()
    })

    it.each<[string, Record<string, string>, string[]]>([
      [
        'the ID alone',
        { GITHUB_OAUTH_CLIENT_ID: 'client-1' },
        [
          'GITHUB_OAUTH_CLIENT_ID is set but GITHUB_OAUTH_CLIENT_SECRET is not: set both to let editors sign in to /admin with GitHub, or neither',
        ],
      ],
      [
        'the secret alone',
        { GITHUB_OAUTH_CLIENT_SECRET: 'gh-secret-1' },
        [
          'GITHUB_OAUTH_CLIENT_SECRET is set but GITHUB_OAUTH_CLIENT_ID is not: set both to let editors sign in to /admin with GitHub, or neither',
        ],
      ],
      [
        'a base URL with credentials, among the other bad variables',
        { ...pair, PORT: 'abc', GITHUB_OAUTH_BASE_URL: 'https://admin:base-pass-5@github.example.com' },
        [
          'PORT=abc: expected a whole number from 0 to 65535',
          "GITHUB_OAUTH_BASE_URL: expected GitHub's address without user:password@ (every editor's browser is sent there)",
        ],
      ],
      [
        'a base URL with a path',
        { ...pair, GITHUB_OAUTH_BASE_URL: 'ftp://github.com/x' },
        ['GITHUB_OAUTH_BASE_URL=ftp://github.com/x: expected an http(s) origin without a path, e.g. https://github.com'],
      ],
    ])('refuses %s', (_name, env, problems) => {
      expect(problemsOf(env)).toEqual(problems)
    })
  })

  it('refuses a retention shorter than the delivery give-up time, naming both', () => {
    const delivery = loadConfig({ LEAD_DELIVERY_GIVE_UP_MS: String(2 * 86_400_000) }).delivery
    expect(retentionProblem(1, delivery)).toBe(
      'privacy.retentionDays (1 day, content/site.yaml) is shorter than LEAD_DELIVERY_GIVE_UP_MS (172800000 ms, 2 days): ' +
        'leads would be deleted while their delivery is still tried; raise privacy.retentionDays and rebuild, or lower LEAD_DELIVERY_GIVE_UP_MS',
    )
    expect(retentionProblem(2, delivery)).toBeUndefined()
    expect(retentionProblem(365, loadConfig({}).delivery)).toBeUndefined()
  })
})
