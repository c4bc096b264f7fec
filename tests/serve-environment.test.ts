import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres, type PostgresServer } from '../tools/postgres-server.ts'
import { freePort } from '../tools/server-process.ts'
import { SITE_MANIFEST_PATH, type SiteManifest } from '../src/core/manifest.ts'

/**
 * The real server entry, started as `npm run serve` starts it, with bad environments: each must end
 * at once with a short message naming what is wrong and what to do, no stack trace, no secret, and
 * a non-zero exit code. An empty variable counts as unset, so those cases start.
 */
const repo = process.cwd()
const scratch = mkdtempSync(path.join(tmpdir(), 'serve-env-'))
// The smallest built site the server accepts: a manifest with no pages.
const distDir = path.join(scratch, 'dist')
mkdirSync(path.join(distDir, path.dirname(SITE_MANIFEST_PATH)), { recursive: true })
const emptySite: SiteManifest = {
  siteUrl: 'http://localhost',
  routes: [],
  blogs: [],
  projects: [],
  blogApi: { url: '/api', imageOrigins: [] },
  retentionDays: 365,
}
writeFileSync(path.join(distDir, SITE_MANIFEST_PATH), JSON.stringify(emptySite))
const textFile = path.join(scratch, 'notes.txt')
writeFileSync(textFile, 'not a database\n')
const folder = path.join(scratch, 'a-folder')
mkdirSync(folder)

/** The server's own variables, dropped from this process's environment so none leaks into a case. */
const SERVER_VARIABLE =
  /^(PORT|HOST|LOG_LEVEL|DATABASE_\w+|DIST_DIR|TRUST_PROXY|LEAD_\w+|SMTP_URL|\w+_TIMEOUT_MS|RATE_LIMIT_\w+|HSTS_MAX_AGE|CONNECT_SRC|VITE_\w+)$/

interface Outcome {
  /** Exit code; null while it was still serving when the test stopped it. */
  code: number | null
  started: boolean
  stdout: string
  stderr: string
}

/**
 * Runs the server with `env` over a working default (a free port, a fresh SQLite file, the minimal
 * build) until it exits, or until /api/health answers, when it is stopped.
 */
async function serve(env: Record<string, string>, command = [process.execPath, '--import', 'tsx', 'server/main.ts']) {
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
  child.stderr.on('data', (chunk) => (outcome.stderr += chunk))
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

/** A failed start: non-zero exit, `expected` in a short stderr, no stack trace, none of `secrets` anywhere. */
function expectRefused(outcome: Outcome, expected: RegExp[], secrets: string[] = []) {
  expect(outcome.started).toBe(false)
  expect(outcome.code).not.toBe(0)
  expect(outcome.code).not.toBeNull()
  for (const pattern of expected) expect(outcome.stderr).toMatch(pattern)
  expect(outcome.stderr).not.toMatch(/^\s+at /m)
  expect(outcome.stderr).not.toMatch(/node_modules|\.ts:\d+/)
  expect(outcome.stderr.trim().split('\n').length).toBeLessThanOrEqual(1 + expected.length)
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
    ['PORT=abc', { PORT: 'abc' }, [/^ {2}- PORT=abc: expected a whole number from 0 to 65535$/m], []],
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
  ])('%s', async (_name, env, expected, secrets) => {
    const outcome = await serve(env)
    expectRefused(outcome, [/^server not started: invalid environment:$/m, ...expected], secrets)
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
    expect(outcome.stderr).not.toMatch(/invalid environment|^\s+at /m)
    expect(outcome.started).toBe(true)
    // SIGTERM ends it cleanly.
    expect(outcome.code).toBe(0)
  })

  it('PORT= means the default port, 4173', async () => {
    const outcome = await serve({ PORT: '' })
    // Another server on this machine may hold 4173; then it is named as the port in use.
    if (outcome.started) expect(outcome.code).toBe(0)
    else expectRefused(outcome, [/^server not started: PORT 4173 is in use on 127\.0\.0\.1: stop the other server or set PORT/m])
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
      'DATABASE_URL on a closed port',
      async () => ({ DATABASE_URL: `postgres://leads:closed-pass-19@127.0.0.1:${await freePort()}/leads` }),
      /PostgreSQL at 127\.0\.0\.1:\d+ refused the connection \(DATABASE_URL\): start the database/,
      ['closed-pass-19'],
    ],
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
  ])('%s', async (_name, env, expected, secrets) => {
    expectRefused(await serve(await env()), [expected], secrets)
  })
})

describe('a PostgreSQL database that refuses the server', () => {
  let server: PostgresServer
  let base: URL
  const password = 'right-pass-0451'
  beforeAll(async () => {
    server = await startPostgres()
    // A role that logs in with a password, as on a real host; the test's superuser stays trusted.
    const admin = new pg.Client({ connectionString: server.url })
    await admin.connect()
    await admin.query(`CREATE ROLE leads LOGIN PASSWORD '${password}'`)
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
})

// The compiled server, when each file here is compiled from its current source (the full test run
// builds first). tsc emits only the files that changed, so each is compared with its own source.
const buildIsCurrent = ['server/main', 'server/config'].every((file) => {
  const built = path.join(repo, 'build', `${file}.js`)
  return existsSync(built) && statSync(built).mtimeMs >= statSync(path.join(repo, `${file}.ts`)).mtimeMs
})

describe.skipIf(!buildIsCurrent)('npm run serve', () => {
  it('names bad variables the same way', async () => {
    const outcome = await serve({ PORT: 'abc', LEAD_WEBHOOK_SECRET: 'tiny-secret' }, ['npm', 'run', 'serve'])
    expectRefused(outcome, [/^ {2}- PORT=abc: expected a whole number/m, /LEAD_WEBHOOK_SECRET: use at least 16/], ['tiny-secret'])
  })
})
