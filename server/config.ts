import path from 'node:path'
import proxyAddr from '@fastify/proxy-addr'
import envSchema from 'env-schema'
import { parse as readConnectionString } from 'pg-connection-string'
import { CHANNELS, type ConfiguredChannel } from './channels/registry.ts'
import type { DeliverySettings } from './lead-delivery.ts'
import type { GithubOAuthSettings } from './routes/github-oauth.ts'
import { DEFAULT_GEO_URL, DEFAULT_IP_LOOKUP_URL, lookupUrl } from '../src/core/lookups.ts'

/** Everything the server reads from the environment, validated once at start. */
export interface ServerConfig {
  port: number
  host: string
  databasePath: string
  /** PostgreSQL instead of the SQLite file, for several server instances on one database. */
  databaseUrl?: string
  /** Where each lead is sent after it is stored, in queue order; none means leads stay in the database. */
  channels: ConfiguredChannel[]
  delivery: DeliverySettings
  distDir: string
  /** Which peers' X-Forwarded-For is believed (hop 0 = the socket's peer), so request.ip is the visitor's behind a proxy. */
  trustProxy: boolean | ((address: string, hop: number) => boolean)
  /** Whole-request time limit (headers and body) and idle-socket limit, in milliseconds. */
  timeouts: { requestMs: number; connectionMs: number; keepAliveMs: number }
  rateLimit: { max: number; windowMs: number }
  /** Strict-Transport-Security max-age in seconds; 0 sends no header (set it behind HTTPS). */
  hstsMaxAge: number
  /** Extra origins the page may fetch from: the IP look-up and geolocation services. */
  connectSrc: string[]
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /** The form editor's GitHub sign-in (/admin): on only where both its credentials are set. */
  githubOAuth?: GithubOAuthSettings
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const whole = (fallback: number, minimum: number, maximum: number) =>
  ({ type: 'integer', minimum, maximum, default: fallback }) as const

/** The server's own variables: type, range and default. Each channel brings its own (channels/registry.ts). */
const SERVER_VARIABLES = {
  PORT: whole(4173, 0, 65535),
  HOST: { type: 'string', pattern: '^[\\w.:-]+$', default: '127.0.0.1' },
  LOG_LEVEL: { type: 'string', enum: LOG_LEVELS, default: 'info' },
  DATABASE_PATH: { type: 'string', default: 'data/leads.sqlite' },
  DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://.' },
  DIST_DIR: { type: 'string', default: 'dist' },
  TRUST_PROXY: { type: 'string', default: '' },
  LEAD_DELIVERY_TIMEOUT_MS: whole(10_000, 100, 120_000),
  LEAD_RETRY_BASE_MS: whole(2000, 10, 3_600_000),
  LEAD_DELIVERY_GIVE_UP_MS: whole(86_400_000, 1000, 30 * 86_400_000),
  LEAD_DELIVERY_POLL_MS: whole(1000, 10, 60_000),
  REQUEST_TIMEOUT_MS: whole(10_000, 1000, 600_000),
  CONNECTION_TIMEOUT_MS: whole(120_000, 1000, 3_600_000),
  KEEP_ALIVE_TIMEOUT_MS: whole(65_000, 1000, 3_600_000),
  RATE_LIMIT_MAX: whole(10, 0, 1_000_000),
  RATE_LIMIT_WINDOW_MS: whole(600_000, 1000, 86_400_000),
  HSTS_MAX_AGE: whole(0, 0, 63_072_000),
  CONNECT_SRC: { type: 'string', default: '' },
  VITE_IP_LOOKUP_URL: { type: 'string', default: DEFAULT_IP_LOOKUP_URL },
  VITE_GEO_URL: { type: 'string', default: DEFAULT_GEO_URL },
  GITHUB_OAUTH_CLIENT_ID: { type: 'string' },
  GITHUB_OAUTH_CLIENT_SECRET: { type: 'string' },
  GITHUB_OAUTH_BASE_URL: { type: 'string', default: 'https://github.com' },
  GITHUB_OAUTH_SCOPE: { type: 'string', default: 'repo' },
} as const

/** Every variable the server reads, checked by env-schema at start. */
const ENV_SCHEMA = {
  type: 'object',
  properties: { ...SERVER_VARIABLES, ...Object.assign({}, ...CHANNELS.map((channel) => channel.variables)) },
} as const

/** Variables that carry credentials (a webhook URL is often one): named in errors, never shown. */
const SECRET = new Set(['DATABASE_URL', 'GITHUB_OAUTH_CLIENT_SECRET', ...CHANNELS.flatMap((channel) => channel.secrets)])

/** The values of the secret variables set in `env`: what nothing the server prints may show, even when `env` is bad. */
export const secretValues = (env: Record<string, string | undefined>): string[] =>
  [...SECRET].flatMap((name) => (env[name] ? [env[name]] : []))

/** What a variable that fails its pattern should look like. */
const HINTS: Record<string, string> = Object.assign(
  {
    HOST: 'expected a host name or address',
    DATABASE_URL: 'expected a postgres:// URL (unset it to use the SQLite file of DATABASE_PATH)',
  },
  ...CHANNELS.map((channel) => channel.hints ?? {}),
)

type SchemaError = { instancePath: string; keyword: string; message?: string }

/** What each kind of schema failure means, in the words an operator reads. */
function explain(name: string, error: SchemaError, schema: Record<string, unknown>): string {
  if (error.keyword === 'type' || error.keyword === 'minimum' || error.keyword === 'maximum')
    return schema.type === 'integer'
      ? `expected a whole number from ${schema.minimum} to ${schema.maximum}`
      : `expected ${schema.type}`
  if (error.keyword === 'enum') return `expected one of ${(schema.enum as readonly string[]).join(', ')}`
  if (error.keyword === 'minLength') return `use at least ${schema.minLength} characters (a random string)`
  return HINTS[name] ?? error.message ?? 'is not valid'
}

type Env = {
  [K in keyof typeof SERVER_VARIABLES]: (typeof SERVER_VARIABLES)[K] extends { type: 'integer' } ? number : string
} & Record<string, string | number | undefined>

/** A value as an error line shows it: quoted when it holds control characters, so the line stays one line. */
const shown = (value: string) => (/[\u0000-\u001f\u007f]/.test(value) ? JSON.stringify(value) : value).slice(0, 200)

/** The schema applied to `given` alone: env-schema would otherwise merge process.env underneath it. */
const checkSchema = (given: Record<string, string>): Env =>
  envSchema<Env>({ schema: ENV_SCHEMA, data: given, env: false, dotenv: false })

/** Reads and checks the environment; every bad variable is named in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerConfig {
  const problems: string[] = []
  // An empty variable counts as unset, as shells and .env files write "unset".
  const given: Record<string, string> = Object.fromEntries(
    Object.keys(ENV_SCHEMA.properties).flatMap((name) => (env[name] ? [[name, env[name]]] : [])),
  )
  let values: Env
  try {
    values = checkSchema(given)
  } catch (error) {
    const errors = (error as { errors?: SchemaError[] }).errors
    if (!errors) throw error
    const seen = new Set<string>()
    for (const e of errors) {
      const name = e.instancePath.slice(1)
      if (seen.has(name)) continue
      seen.add(name)
      const schema = (ENV_SCHEMA.properties as Record<string, Record<string, unknown>>)[name]
      problems.push(`${SECRET.has(name) ? name : `${name}=${shown(given[name])}`}: ${explain(name, e, schema)}`)
    }
    // Carry on with the defaults in place of the bad values, so the checks below still report their own problems in the same error.
    values = checkSchema(Object.fromEntries(Object.entries(given).filter(([name]) => !seen.has(name))))
  }
  const origin = (name: string, raw: string | undefined): string | undefined => {
    if (!raw) return undefined
    try {
      return lookupUrl(raw).origin
    } catch {
      problems.push(`${name}=${raw}: expected an absolute URL`)
      return undefined
    }
  }

  const trustProxy = parseTrustProxy(values.TRUST_PROXY.trim(), problems)
  const extraConnect = values.CONNECT_SRC.split(/[\s,]+/)
    .filter(Boolean)
    .map((value) => origin('CONNECT_SRC', value))

  // Each channel reads its own variables; it is configured when it answers settings.
  const channels: ConfiguredChannel[] = []
  for (const channel of CHANNELS) {
    const own = (from: Record<string, unknown>) =>
      Object.fromEntries(Object.keys(channel.variables).flatMap((name) => (from[name] ? [[name, String(from[name])]] : [])))
    const settings = channel.settings({ given: own(given), valid: own(values) }, problems)
    if (settings !== undefined) channels.push({ name: channel.name, settings })
  }

  const config: ServerConfig = {
    port: values.PORT,
    host: values.HOST,
    databasePath: path.resolve(root, values.DATABASE_PATH),
    databaseUrl: values.DATABASE_URL ? checkDatabaseUrl(values.DATABASE_URL, problems) : undefined,
    channels,
    delivery: {
      timeoutMs: values.LEAD_DELIVERY_TIMEOUT_MS,
      retryBaseMs: values.LEAD_RETRY_BASE_MS,
      giveUpAfterMs: values.LEAD_DELIVERY_GIVE_UP_MS,
      pollMs: values.LEAD_DELIVERY_POLL_MS,
      concurrency: 8,
    },
    distDir: path.resolve(root, values.DIST_DIR),
    trustProxy,
    timeouts: {
      requestMs: values.REQUEST_TIMEOUT_MS,
      connectionMs: values.CONNECTION_TIMEOUT_MS,
      keepAliveMs: values.KEEP_ALIVE_TIMEOUT_MS,
    },
    rateLimit: { max: values.RATE_LIMIT_MAX, windowMs: values.RATE_LIMIT_WINDOW_MS },
    hstsMaxAge: values.HSTS_MAX_AGE,
    connectSrc: [
      origin('VITE_IP_LOOKUP_URL', values.VITE_IP_LOOKUP_URL),
      origin('VITE_GEO_URL', values.VITE_GEO_URL),
      ...extraConnect,
    ].filter((o): o is string => Boolean(o)),
    logLevel: values.LOG_LEVEL as ServerConfig['logLevel'],
    githubOAuth: parseGithubOAuth(values, problems),
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}

/**
 * TRUST_PROXY: `true` (every peer: the left-most X-Forwarded-For address wins), a hop count (the nearest
 * N peers are proxies), or addresses, CIDR ranges and loopback, linklocal, uniquelocal, comma-separated.
 */
function parseTrustProxy(raw: string, problems: string[]): ServerConfig['trustProxy'] {
  if (raw === '' || raw === 'false' || raw === '0') return false
  if (raw === 'true') return true
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw)
    if (hops > 100) problems.push(`TRUST_PROXY=${raw}: a hop count is at most 100`)
    return (_address, hop) => hop < hops
  }
  try {
    return proxyAddr.compile(raw.split(/\s*,\s*/).filter(Boolean))
  } catch (error) {
    problems.push(
      `TRUST_PROXY=${raw}: ${(error as Error).message}; expected true, false, a hop count, or addresses/CIDRs separated by commas`,
    )
    return false
  }
}

/** The form editor's GitHub sign-in: both credentials or neither, and GitHub's address as a bare origin. */
function parseGithubOAuth(values: Env, problems: string[]): GithubOAuthSettings | undefined {
  const clientId = values.GITHUB_OAUTH_CLIENT_ID?.trim()
  const clientSecret = values.GITHUB_OAUTH_CLIENT_SECRET?.trim()
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    const [set, unset] = clientId ? ['CLIENT_ID', 'CLIENT_SECRET'] : ['CLIENT_SECRET', 'CLIENT_ID']
    problems.push(
      `GITHUB_OAUTH_${set} is set but GITHUB_OAUTH_${unset} is not: set both to let editors sign in to /admin with GitHub, or neither`,
    )
  }
  const raw = (values.GITHUB_OAUTH_BASE_URL.trim() || 'https://github.com').replace(/\/+$/, '')
  const url = URL.canParse(raw) ? new URL(raw) : undefined
  // Every visitor who signs in is sent to this address, so it may hold no user name or password.
  if (url && (url.username || url.password)) {
    problems.push(
      "GITHUB_OAUTH_BASE_URL: expected GitHub's address without user:password@ (every editor's browser is sent there)",
    )
    return undefined
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || /[?#]/.test(raw)) {
    problems.push(`GITHUB_OAUTH_BASE_URL=${shown(raw)}: expected an http(s) origin without a path, e.g. https://github.com`)
    return undefined
  }
  if (!clientId || !clientSecret) return undefined
  return { clientId, clientSecret, baseUrl: url.origin, scope: values.GITHUB_OAUTH_SCOPE.trim() || 'repo' }
}

/** How a password must be written in DATABASE_URL, for the errors that find it written otherwise. */
const ENCODE_CREDENTIALS = 'percent-encode @ : / ? # % and spaces in the user name and password (@ as %40, / as %2F)'

/**
 * DATABASE_URL, refused without its value where the driver would read part of an unencoded password
 * as the host or the database, which error messages name.
 */
function checkDatabaseUrl(value: string, problems: string[]): string | undefined {
  const afterScheme = value.replace(/^[^:]*:\/\//, '')
  const authorityEnd = afterScheme.search(/[/?#]|$/)
  let host: string | null | undefined
  try {
    host = readConnectionString(value).host
  } catch {
    problems.push(`DATABASE_URL: not a URL the PostgreSQL driver can read: ${ENCODE_CREDENTIALS}`)
    return undefined
  }
  if (afterScheme.includes('@', authorityEnd)) {
    problems.push(`DATABASE_URL: an @ after the host and port: ${ENCODE_CREDENTIALS}`)
    return undefined
  }
  // A name, an IPv4 or IPv6 address, or the folder of a Unix socket; unset means localhost.
  if (host && !/^([\w.-]+|[\d.:a-f]+|\/.*)$/i.test(host)) {
    problems.push(`DATABASE_URL: what it names as the host is not a host name or address: ${ENCODE_CREDENTIALS}`)
    return undefined
  }
  return value
}

const DAY_MS = 86_400_000

/** A lead must be kept as long as its delivery is tried, or the retention clean-up deletes leads not yet delivered. */
export function retentionProblem(retentionDays: number, delivery: DeliverySettings): string | undefined {
  if (retentionDays * DAY_MS >= delivery.giveUpAfterMs) return undefined
  const giveUpDays = Math.round((delivery.giveUpAfterMs / DAY_MS) * 10) / 10
  return (
    `privacy.retentionDays (${retentionDays} day${retentionDays === 1 ? '' : 's'}, content/site.yaml) is shorter than LEAD_DELIVERY_GIVE_UP_MS ` +
    `(${delivery.giveUpAfterMs} ms, ${giveUpDays} days): leads would be deleted while their delivery is still tried; ` +
    `raise privacy.retentionDays and rebuild, or lower LEAD_DELIVERY_GIVE_UP_MS`
  )
}
