import path from 'node:path'

/** Everything the server reads from the environment, validated once at start. */
export interface ServerConfig {
  port: number
  host: string
  databasePath: string
  distDir: string
  /** Fastify's trustProxy: false, true, a hop count, or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string
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

  const trustProxyRaw = env.TRUST_PROXY ?? ''
  let trustProxy: ServerConfig['trustProxy'] = false
  if (trustProxyRaw === 'true') trustProxy = true
  else if (trustProxyRaw === '' || trustProxyRaw === 'false') trustProxy = false
  else if (/^\d+$/.test(trustProxyRaw)) trustProxy = Number(trustProxyRaw)
  else if (/^[\d.:a-fA-F/,\s]+$/.test(trustProxyRaw)) trustProxy = trustProxyRaw
  else problems.push(`TRUST_PROXY=${trustProxyRaw}: expected true, false, a hop count, or addresses/CIDRs separated by commas`)

  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
  const logLevel = (env.LOG_LEVEL ?? 'info') as ServerConfig['logLevel']
  if (!levels.includes(logLevel)) problems.push(`LOG_LEVEL=${env.LOG_LEVEL}: expected one of ${levels.join(', ')}`)

  const host = env.HOST || '127.0.0.1'
  if (!/^[\w.:-]+$/.test(host)) problems.push(`HOST=${host}: expected a host name or address`)

  const extraConnect = (env.CONNECT_SRC ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((value) => origin('CONNECT_SRC', value))
  const config: ServerConfig = {
    port: int('PORT', 4173, 0, 65535),
    host,
    databasePath: path.resolve(root, env.DATABASE_PATH || 'data/leads.sqlite'),
    distDir: path.resolve(root, env.DIST_DIR || 'dist'),
    trustProxy,
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
