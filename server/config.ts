import path from 'node:path'
import proxyAddr from '@fastify/proxy-addr'
import type { DeliverySettings } from './lead-delivery.ts'

/** Everything the server reads from the environment, validated once at start. */
export interface ServerConfig {
  port: number
  host: string
  databasePath: string
  /** PostgreSQL instead of the SQLite file, for several server instances on one database. */
  databaseUrl?: string
  /** Where each lead is sent after it is stored; neither set means leads stay in the database. */
  webhook?: { url: string; secret?: string }
  email?: { smtpUrl: string; to: string[]; from: string }
  delivery: DeliverySettings
  distDir: string
  /**
   * Which peers' X-Forwarded-For is believed: none, all, or a function of the peer address and its
   * hop number (0 = the socket's peer), so request.ip is the visitor's address behind a proxy.
   */
  trustProxy: boolean | ((address: string, hop: number) => boolean)
  /** Whole-request time limit (headers and body) and idle-socket limit, in milliseconds. */
  timeouts: { requestMs: number; connectionMs: number; keepAliveMs: number }
  rateLimit: { max: number; windowMs: number }
  /** Strict-Transport-Security max-age in seconds; 0 sends no header (set it behind HTTPS). */
  hstsMaxAge: number
  /** Extra origins the page may fetch from: the IP look-up and geolocation services. */
  connectSrc: string[]
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

const DEFAULT_IP_LOOKUP = 'https://api.ipify.org?format=json'
const DEFAULT_GEO = 'https://ipinfo.io/{ip}/json?token={token}'

/** Reads and checks the environment; every bad variable is named in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerConfig {
  const problems: string[] = []
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]
    if (raw === undefined || raw === '') return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name}=${raw}: expected a whole number from ${min} to ${max}`)
      return fallback
    }
    return value
  }
  const origin = (name: string, raw: string | undefined): string | undefined => {
    if (!raw) return undefined
    try {
      return new URL(raw.replace('{ip}', '0.0.0.0').replace('{token}', 'x')).origin
    } catch {
      problems.push(`${name}=${raw}: expected an absolute URL`)
      return undefined
    }
  }

  const trustProxy = parseTrustProxy(env.TRUST_PROXY?.trim() ?? '', problems)

  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
  const logLevel = (env.LOG_LEVEL ?? 'info') as ServerConfig['logLevel']
  if (!levels.includes(logLevel)) problems.push(`LOG_LEVEL=${env.LOG_LEVEL}: expected one of ${levels.join(', ')}`)

  const host = env.HOST || '127.0.0.1'
  if (!/^[\w.:-]+$/.test(host)) problems.push(`HOST=${host}: expected a host name or address`)

  const extraConnect = (env.CONNECT_SRC ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((value) => origin('CONNECT_SRC', value))
  const databaseUrl = env.DATABASE_URL || undefined
  if (databaseUrl && !/^postgres(ql)?:\/\/./.test(databaseUrl))
    problems.push('DATABASE_URL: expected a postgres:// URL (unset it to use the SQLite file of DATABASE_PATH)')

  let webhook: ServerConfig['webhook']
  if (env.LEAD_WEBHOOK_URL) {
    if (!/^https?:\/\/[^/]/.test(env.LEAD_WEBHOOK_URL) || !URL.canParse(env.LEAD_WEBHOOK_URL))
      problems.push('LEAD_WEBHOOK_URL: expected an http:// or https:// URL')
    const secret = env.LEAD_WEBHOOK_SECRET || undefined
    if (secret && secret.length < 16) problems.push('LEAD_WEBHOOK_SECRET: use at least 16 characters (a random string)')
    webhook = { url: env.LEAD_WEBHOOK_URL, secret }
  } else if (env.LEAD_WEBHOOK_SECRET) problems.push('LEAD_WEBHOOK_SECRET is set but LEAD_WEBHOOK_URL is not')

  let email: ServerConfig['email']
  const address = /^[^\s@<>,]+@[^\s@<>,]+$/
  if (env.SMTP_URL || env.LEAD_EMAIL_TO) {
    const to = (env.LEAD_EMAIL_TO ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean)
    const from = env.LEAD_EMAIL_FROM?.trim() || to[0] || ''
    if (!env.SMTP_URL || !/^smtps?:\/\/./.test(env.SMTP_URL) || !URL.canParse(env.SMTP_URL))
      problems.push('SMTP_URL: expected smtp://user:password@host:port or smtps://… when LEAD_EMAIL_TO is set')
    if (to.length === 0 || !to.every((a) => address.test(a)))
      problems.push(`LEAD_EMAIL_TO=${env.LEAD_EMAIL_TO ?? ''}: expected one or more email addresses separated by commas`)
    if (env.LEAD_EMAIL_FROM && !address.test(from.replace(/^.*<(.+)>$/, '$1')))
      problems.push(`LEAD_EMAIL_FROM=${env.LEAD_EMAIL_FROM}: expected an email address or "Name <address>"`)
    email = { smtpUrl: env.SMTP_URL ?? '', to, from }
  } else if (env.LEAD_EMAIL_FROM) problems.push('LEAD_EMAIL_FROM is set but SMTP_URL and LEAD_EMAIL_TO are not')

  const config: ServerConfig = {
    port: int('PORT', 4173, 0, 65535),
    host,
    databasePath: path.resolve(root, env.DATABASE_PATH || 'data/leads.sqlite'),
    databaseUrl,
    webhook,
    email,
    delivery: {
      timeoutMs: int('LEAD_DELIVERY_TIMEOUT_MS', 10_000, 100, 120_000),
      retryBaseMs: int('LEAD_RETRY_BASE_MS', 2000, 10, 3_600_000),
      giveUpAfterMs: int('LEAD_DELIVERY_GIVE_UP_MS', 86_400_000, 1000, 30 * 86_400_000),
      pollMs: int('LEAD_DELIVERY_POLL_MS', 1000, 10, 60_000),
      concurrency: 8,
    },
    distDir: path.resolve(root, env.DIST_DIR || 'dist'),
    trustProxy,
    timeouts: {
      requestMs: int('REQUEST_TIMEOUT_MS', 10_000, 1000, 600_000),
      connectionMs: int('CONNECTION_TIMEOUT_MS', 120_000, 1000, 3_600_000),
      keepAliveMs: int('KEEP_ALIVE_TIMEOUT_MS', 65_000, 1000, 3_600_000),
    },
    rateLimit: { max: int('RATE_LIMIT_MAX', 10, 0, 1_000_000), windowMs: int('RATE_LIMIT_WINDOW_MS', 600_000, 1000, 86_400_000) },
    hstsMaxAge: int('HSTS_MAX_AGE', 0, 0, 63_072_000),
    connectSrc: [
      origin('VITE_IP_LOOKUP_URL', env.VITE_IP_LOOKUP_URL || DEFAULT_IP_LOOKUP),
      origin('VITE_GEO_URL', env.VITE_GEO_URL || DEFAULT_GEO),
      ...extraConnect,
    ].filter((o): o is string => Boolean(o)),
    logLevel,
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}

/**
 * TRUST_PROXY as the proxies in front of the server are described: `true` (every peer, so the
 * left-most X-Forwarded-For address wins), a hop count (the nearest N peers are proxies), or
 * addresses, CIDR ranges and the names loopback, linklocal, uniquelocal, separated by commas.
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
    return proxyAddr.compile(
      raw
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
  } catch (error) {
    problems.push(
      `TRUST_PROXY=${raw}: ${(error as Error).message}; expected true, false, a hop count, or addresses/CIDRs separated by commas`,
    )
    return false
  }
}
