import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compileServer } from '../scripts/compile-server.ts'
import { startDatabaseLink, startPostgres, type PostgresServer } from '../tools/postgres-server.ts'
import { freePort } from '../tools/server-process.ts'
import { SITE_MANIFEST_PATH, type SiteManifest } from '../src/core/manifest.ts'

/**
 * The real server entry, started as `npm run serve` starts it, with bad environments: each must end
 * at once with a short message naming what is wrong and what to do, one line per problem, no stack
 * trace, no secret, and a non-zero exit code. An empty variable counts as unset, so those cases start.
 */
const repo = process.cwd()
const scratch = mkdtempSync(path.join(tmpdir(), 'serve-env-'))

/** The smallest built site the server accepts: a manifest with no pages, keeping leads `retentionDays`. */
function emptySite(name: string, retentionDays: number) {
  const dir = path.join(scratch, name)
  mkdirSync(path.join(dir, path.dirname(SITE_MANIFEST_PATH)), { recursive: true })
  const manifest: SiteManifest = {
    siteUrl: 'http://localhost',
    routes: [],
    blogs: [],
    projects: [],
    blogApi: { url: '/api', imageOrigins: [] },
    retentionDays,
  }
  writeFileSync(path.join(dir, SITE_MANIFEST_PATH), JSON.stringify(manifest))
  return dir
}
const distDir = emptySite('dist', 365)
const textFile = path.join(scratch, 'notes.txt')
writeFileSync(textFile, 'not a database\n')
const folder = path.join(scratch, 'a-folder')
mkdirSync(folder)

/** The server's own variables, dropped from this process's environment so none leaks into a case. */
const SERVER_VARIABLE =
  /^(PORT|HOST|LOG_LEVEL|DATABASE_\w+|DIST_DIR|TRUST_PROXY|LEAD_\w+|SMTP_URL|SLACK_\w+|GITHUB_OAUTH_\w+|\w+_TIMEOUT_MS|RATE_LIMIT_\w+|HSTS_MAX_AGE|CONNECT_SRC|VITE_\w+)$/

/** The server from its source, as `npm run dev` and the tests run it. */
const FROM_SOURCE = [process.execPath, '--import', 'tsx', 'server/main.ts']
/** The compiled server as operators run it: `npm run serve` (node build/server/main.js). */
const NPM_RUN_SERVE = ['npm', 'run', 'serve']
// The compiled server from the current source; tsc emits nothing when nothing changed since the build.
beforeAll(() => compileServer(repo), 120_000)

interface Outcome {
  /** Exit code; null while it was still serving when the test stopped it. */
  code: number | null
  started: boolean
  stdout: string
  stderr: string
}

/**
 * Runs the server with `env` over a working default (a free port, a fresh SQLite file, the minimal
 * build) until it exits, or until /api/health answers, when it is stopped. `onStderr` sees what
 * the server has written to stderr so far, each time it writes more.
 */
async function serve(env: Record<string, string>, command = FROM_SOURCE, onStderr?: (stderr: string) => void) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !SERVER_VARIABLE.test(name)))
  const full: Record<string, string | undefined> = {
    ...base,
    PORT: String(await freePort()),
    DIST_DIR: distDir,
    DATABASE_PATH: path.join(mkdtempSync(path.join(scratch, 'db-')), 'leads.sqlite'),
    LOG_LEVEL: 'warn',
    ...env,
  }
  // npm runs the server as its child: a group of its own lets the test stop both.
  const child = spawn(command[0], command.slice(1), { cwd: repo, env: full, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  const outcome: Outcome = { code: null, started: false, stdout: '', stderr: '' }
  child.stdout.on('data', (chunk) => (outcome.stdout += chunk))
  child.stderr.on('data', (chunk) => {
    outcome.stderr += chunk
    onStderr?.(outcome.stderr)
  })
  const exited = new Promise<void>((resolve) => child.on('close', (code) => resolve(void (outcome.code = code))))
  let done = false
  void exited.then(() => (done = true))
  const health = `http://${full.HOST || '127.0.0.1'}:${full.PORT || 4173}/api/health`
  for (let waited = 0; !done && waited < 45_000; waited += 100) {
    // Bounded: a port held by something else may accept the connection and never answer.
    outcome.started = await fetch(health, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (outcome.started) break
    await new Promise((r) => setTimeout(r, 100))
  }
  if (!done) process.kill(-child.pid!, 'SIGTERM')
  await exited
  return outcome
}

/** What the server printed, line by line, without npm's own `> script` lines before it runs one. */
const printed = ({ stdout, stderr }: Outcome) =>
  `${stdout}\n${stderr}`.split('\n').filter((line) => line.trim() !== '' && !/^> /.test(line))

/**
 * A failed start: non-zero exit, and nothing printed but one stderr line per pattern of `expected`,
 * each matching its pattern (so no stack trace), and none of `secrets` anywhere.
 */
function expectRefused(outcome: Outcome, expected: RegExp[], secrets: string[] = []) {
  expect(outcome.started).toBe(false)
  expect(outcome.code).not.toBe(0)
  expect(outcome.code).not.toBeNull()
  expect(printed(outcome)).toEqual(outcome.stderr.trim().split('\n'))
  expect(printed(outcome)).toHaveLength(expected.length)
  printed(outcome).forEach((line, i) => expect(line).toMatch(expected[i]))
  for (const secret of secrets) expect(outcome.stdout + outcome.stderr).not.toContain(secret)
}

const holders: Server[] = []
afterAll(async () => {
  for (const holder of holders) await new Promise((resolve) => holder.close(resolve))
  rmSync(scratch, { recursive: true, force: true })
})

/** A port another process already listens on. */
async function takenPort(): Promise<string> {
  // Connections are dropped at once, so nothing it accepted holds its close.
  const holder = createServer((socket) => socket.destroy())
  holders.push(holder)
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
  return String((holder.address() as { port: number }).port)
}

describe('bad variables are named, one line each', () => {
  it.each<[string, Record<string, string>, RegExp[], string[]]>([
    ['PORT=abc', { PORT: 'abc' }, [/^server not started: PORT=abc: expected a whole number from 0 to 65535$/], []],
    ['LOG_LEVEL=verbose', { LOG_LEVEL: 'verbose' }, [/LOG_LEVEL=verbose: expected one of fatal, error/], []],
    ['REQUEST_TIMEOUT_MS=0', { REQUEST_TIMEOUT_MS: '0' }, [/REQUEST_TIMEOUT_MS=0: expected a whole number from 1000/], []],
    [
      'a short LEAD_WEBHOOK_SECRET',
      { LEAD_WEBHOOK_URL: 'https://hooks.example.com/leads', LEAD_WEBHOOK_SECRET: 'sh0rt-s3cret' },
      [/LEAD_WEBHOOK_SECRET: use at least 16 characters/],
      ['sh0rt-s3cret'],
    ],
    [
      'DATABASE_URL=mysql://…',
      { DATABASE_URL: 'mysql://root:my5ql-pass@db.example.com/leads' },
      [/DATABASE_URL: expected a postgres:\/\/ URL/],
      ['my5ql-pass', 'db.example.com'],
    ],
    [
      'LEAD_WEBHOOK_URL=ftp://…',
      { LEAD_WEBHOOK_URL: 'ftp://user:hook-pass-77@files.example.com/' },
      [/LEAD_WEBHOOK_URL: expected an http:\/\/ or https:\/\/ URL/],
      ['hook-pass-77'],
    ],
    [
      'several at once',
      { PORT: 'abc', LOG_LEVEL: 'verbose', REQUEST_TIMEOUT_MS: '0', LEAD_WEBHOOK_SECRET: 'tiny-secret', TRUST_PROXY: 'maybe' },
      [/PORT=abc/, /LOG_LEVEL=verbose/, /REQUEST_TIMEOUT_MS=0/, /LEAD_WEBHOOK_SECRET: use at least 16/, /TRUST_PROXY=maybe/],
      ['tiny-secret'],
    ],
    [
      'secrets inside the values of other variables',
      {
        LEAD_WEBHOOK_URL: 'https://hooks.example.com/leads',
        LEAD_WEBHOOK_SECRET: 'long-enough-secret-c3',
        SMTP_URL: 'smtp://mailer:smtp-pass-d4@mail.example.com:587',
        LEAD_EMAIL_TO: 'sales@example.com',
        GITHUB_OAUTH_CLIENT_ID: 'client-1',
        GITHUB_OAUTH_CLIENT_SECRET: 'gh-secret-e5',
        HOST: 'bad long-enough-secret-c3',
        TRUST_PROXY: 'gh-secret-e5',
        CONNECT_SRC: 'smtp-pass-d4',
      },
      [
        /^server not started: HOST=bad \*\*\*: expected a host name/,
        /^server not started: TRUST_PROXY=\*\*\*: invalid IP address: \*\*\*; expected true/,
        /^server not started: CONNECT_SRC=\*\*\*: expected an absolute URL$/,
      ],
      ['long-enough-secret-c3', 'smtp-pass-d4', 'gh-secret-e5'],
    ],
  ])('%s', async (_name, env, expected, secrets) => {
    expectRefused(await serve(env), expected, secrets)
  })
})

describe("the form editor's GitHub sign-in", () => {
  const pair = { GITHUB_OAUTH_CLIENT_ID: 'client-1', GITHUB_OAUTH_CLIENT_SECRET: 'gh-secret-7731' }
  it.each<[string, Record<string, string>, RegExp[], string[]]>([
    [
      'GITHUB_OAUTH_CLIENT_ID alone',
      { GITHUB_OAUTH_CLIENT_ID: 'client-1' },
      [/^server not started: GITHUB_OAUTH_CLIENT_ID is set but GITHUB_OAUTH_CLIENT_SECRET is not: set both/],
      [],
    ],
    [
      'GITHUB_OAUTH_CLIENT_SECRET alone',
      { GITHUB_OAUTH_CLIENT_SECRET: 'gh-secret-7731' },
      [/^server not started: GITHUB_OAUTH_CLIENT_SECRET is set but GITHUB_OAUTH_CLIENT_ID is not: set both/],
      ['gh-secret-7731'],
    ],
    [
      'a GITHUB_OAUTH_BASE_URL with user:password@, listed with the other bad variables',
      { ...pair, GITHUB_OAUTH_BASE_URL: 'https://admin:base-pass-5521@github.example.com', PORT: 'abc' },
      [
        /^server not started: PORT=abc/,
        /^server not started: GITHUB_OAUTH_BASE_URL: expected GitHub's address without user:password@/,
      ],
      ['base-pass-5521', 'gh-secret-7731'],
    ],
  ])('%s is refused', async (_name, env, expected, secrets) => {
    expectRefused(await serve(env), expected, secrets)
  })
})

describe('an empty variable counts as unset', () => {
  it.each<[string, Record<string, string>]>([
    ['LEAD_WEBHOOK_URL= and LEAD_WEBHOOK_SECRET=', { LEAD_WEBHOOK_URL: '', LEAD_WEBHOOK_SECRET: '' }],
    ['HOST=', { HOST: '' }],
    ['DATABASE_URL= (the SQLite file instead)', { DATABASE_URL: '' }],
    ['LOG_LEVEL=, REQUEST_TIMEOUT_MS=', { LOG_LEVEL: '', REQUEST_TIMEOUT_MS: '' }],
  ])('%s starts with the defaults', async (_name, env) => {
    const outcome = await serve(env)
    expect(outcome.stderr).not.toMatch(/server not started|^\s+at /m)
    expect(outcome.started).toBe(true)
    // SIGTERM ends it cleanly.
    expect(outcome.code).toBe(0)
  })

  it('PORT= means the default port, 4173', async () => {
    const outcome = await serve({ PORT: '' })
    // Another server on this machine may hold 4173; then it is named as the port in use.
    if (outcome.started) expect(outcome.code).toBe(0)
    else expectRefused(outcome, [/^server not started: PORT 4173 is in use on 127\.0\.0\.1: stop the other server or set PORT/])
  })
})

describe('what fails at start is named with what to do', () => {
  const notes = textFile
  it.each<[string, () => Promise<Record<string, string>>, RegExp, string[]]>([
    [
      'the port in use',
      async () => ({ PORT: await takenPort() }),
      /PORT \d+ is in use on 127\.0\.0\.1: stop the other server or set PORT/,
      [],
    ],
    [
      'a HOST that does not resolve',
      async () => ({ HOST: 'no-such-host.invalid' }),
      /HOST=no-such-host\.invalid .*set HOST to/,
      [],
    ],
    ['a HOST of another machine', async () => ({ HOST: '192.0.2.1' }), /HOST=192\.0\.2\.1 is not an address of this machine/, []],
    [
      'DATABASE_URL with a host that does not resolve',
      async () => ({ DATABASE_URL: 'postgres://leads:lost-pass-23@db.invalid/leads' }),
      /host of DATABASE_URL, db\.invalid, .*DATABASE_URL/,
      ['lost-pass-23'],
    ],
    [
      'DATABASE_PATH that is a folder',
      async () => ({ DATABASE_PATH: folder }),
      /DATABASE_PATH=.*a-folder is a folder: name a file/,
      [],
    ],
    [
      'DATABASE_PATH that is a text file',
      async () => ({ DATABASE_PATH: notes }),
      /DATABASE_PATH=.*notes\.txt is not an SQLite database/,
      [],
    ],
    [
      'DATABASE_PATH under a file',
      async () => ({ DATABASE_PATH: path.join(notes, 'leads.sqlite') }),
      /DATABASE_PATH=.*notes\.txt\/leads\.sqlite lies under a file/,
      [],
    ],
    [
      'DIST_DIR without a build',
      async () => ({ DIST_DIR: folder }),
      /DIST_DIR=.*a-folder holds no built site: run `npm run build`/,
      [],
    ],
    [
      'a retention shorter than the delivery give-up time',
      async () => ({ DIST_DIR: emptySite('dist-1-day', 1), LEAD_DELIVERY_GIVE_UP_MS: String(2 * 86_400_000) }),
      /^server not started: privacy\.retentionDays \(1 day, content\/site\.yaml\) is shorter than LEAD_DELIVERY_GIVE_UP_MS \(172800000 ms, 2 days\)/,
      [],
    ],
  ])('%s', async (_name, env, expected, secrets) => {
    expectRefused(await serve(await env()), [expected], secrets)
  })

  it('a PostgreSQL server that never comes up: each retry in a line of its own, then the refusal', async () => {
    const outcome = await serve({ DATABASE_URL: `postgres://leads:closed-pass-19@127.0.0.1:${await freePort()}/leads` })
    const refused = 'PostgreSQL at 127\\.0\\.0\\.1:\\d+ refused the connection \\(DATABASE_URL\\): start the database'
    expectRefused(
      outcome,
      [
        ...[2, 3, 4, 5].map((attempt) => new RegExp(`^${refused}.*; trying again in [\\d.]+ s \\(attempt ${attempt} of 5\\)$`)),
        new RegExp(`^server not started: ${refused}.* \\(gave up after 5 attempts\\)$`),
      ],
      ['closed-pass-19'],
    )
  })
})

describe('a PostgreSQL database at start', () => {
  let server: PostgresServer
  let base: URL
  const password = 'right-pass-0451'
  beforeAll(async () => {
    server = await startPostgres()
    // A role that logs in with a password, as on a real host; the test's superuser stays trusted.
    const admin = new pg.Client({ connectionString: server.url })
    await admin.connect()
    await admin.query(`CREATE ROLE leads LOGIN PASSWORD '${password}'`)
    await admin.query('CREATE DATABASE leads_own OWNER leads')
    const { rows } = await admin.query<{ hba_file: string }>('SHOW hba_file')
    await admin.query(
      `COPY (VALUES ('local all all trust'), ('host all postgres 127.0.0.1/32 trust'), ('host all all 127.0.0.1/32 scram-sha-256'))
       TO '${rows[0].hba_file}'`,
    )
    await admin.query('SELECT pg_reload_conf()')
    await admin.end()
    base = new URL(server.url)
    base.username = 'leads'
  })
  afterAll(() => server?.stop())

  const at = (userPassword: string, database: string) => {
    const url = new URL(base)
    url.password = userPassword
    url.pathname = `/${database}`
    return url.toString()
  }

  it.each<[string, () => string, RegExp, string[]]>([
    [
      'a wrong password',
      () => at('wrong-pass-8812', 'postgres'),
      /PostgreSQL at 127\.0\.0\.1:\d+ refused the password of user leads: correct the password in DATABASE_URL/,
      ['wrong-pass-8812'],
    ],
    [
      'a database that does not exist',
      () => at(password, 'no_such_db'),
      /database no_such_db does not exist on PostgreSQL at 127\.0\.0\.1:\d+: create it/,
      [password],
    ],
    [
      'a user that may not create tables',
      () => at(password, 'postgres'),
      /user leads may not create the lead tables in database postgres .*grant it CREATE/,
      [password],
    ],
  ])('%s', async (_name, databaseUrl, expected, secrets) => {
    expectRefused(await serve({ DATABASE_URL: databaseUrl() }), [expected], secrets)
  })

  it('that restarts while the server starts is waited for, each retry one line without the password', async () => {
    const link = await startDatabaseLink(at(password, 'leads_own'))
    // Down when the server first connects; up again once it has said it will retry.
    await link.cut('refuse')
    let restored: Promise<void> | undefined
    try {
      const outcome = await serve({ DATABASE_URL: link.url }, NPM_RUN_SERVE, (stderr) => {
        if (/trying again/.test(stderr)) restored ??= link.restore()
      })
      // Stopped by the test once it answered (npm, stopped with it, reports the signal, not a code).
      expect(outcome.started).toBe(true)
      expect(printed(outcome)[0]).toMatch(
        /^PostgreSQL at 127\.0\.0\.1:\d+ refused the connection \(DATABASE_URL\): .*; trying again in 0\.5 s \(attempt 2 of 5\)$/,
      )
      expect(printed(outcome).every((line) => /; trying again in [\d.]+ s \(attempt \d of 5\)$/.test(line))).toBe(true)
      expect(outcome.stdout + outcome.stderr).not.toContain(password)
    } finally {
      await restored
      await link.close()
    }
  })

  // `npm run serve` as an operator runs it, with DATABASE_URL values a parser or a decoder chokes on.
  it.each<[string, () => string, RegExp, string[]]>([
    [
      'an unclosed IPv6 bracket',
      () => 'postgres://u:secret-ipv6-1@[::1/db',
      /^server not started: DATABASE_URL: not a URL the PostgreSQL driver can read: percent-encode @ : \/ \? # %/,
      ['secret-ipv6-1'],
    ],
    [
      'a % that starts no escape in the password',
      () => `postgres://leads:pw%zz@127.0.0.1:${base.port}/leads_own`,
      /^server not started: PostgreSQL at 127\.0\.0\.1:\d+ refused the password of user leads: correct the password/,
      ['pw%zz', 'pw%'],
    ],
    [
      'a password with @ / ? # % and a space left unencoded',
      () => `postgres://leads:p@ss w/rd?#%-secret-2@127.0.0.1:${base.port}/leads_own`,
      /^server not started: DATABASE_URL: an @ after the host and port: percent-encode/,
      ['p@ss', 'ss w', 'rd?#', 'secret-2'],
    ],
    [
      'a key=value string instead of a URL',
      () => `host=127.0.0.1 port=${base.port} user=leads password=kv-secret-3`,
      /^server not started: DATABASE_URL: expected a postgres:\/\/ URL/,
      ['kv-secret-3'],
    ],
    [
      'a key=value string after postgres://',
      () => `postgres:// host=127.0.0.1 user=leads password=kv-secret-4`,
      /^server not started: DATABASE_URL: what it names as the host is not a host name or address/,
      ['kv-secret-4'],
    ],
  ])('%s: one line, the password nowhere', async (_name, databaseUrl, expected, secrets) => {
    expectRefused(await serve({ DATABASE_URL: databaseUrl() }, NPM_RUN_SERVE), [expected], secrets)
  })
})

describe('npm run serve', () => {
  it('names bad variables the same way', async () => {
    const outcome = await serve({ PORT: 'abc', LEAD_WEBHOOK_SECRET: 'tiny-secret' }, NPM_RUN_SERVE)
    expectRefused(
      outcome,
      [/^server not started: PORT=abc: expected a whole number/, /^server not started: LEAD_WEBHOOK_SECRET: use at least 16/],
      ['tiny-secret'],
    )
  })
})
