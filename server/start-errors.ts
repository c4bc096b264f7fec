/**
 * How a command that cannot start says so (the server, the lead CLIs): on stderr, code 1, no stack
 * trace; one line per bad variable, or one line naming what failed and what to do. All of it passes
 * one mask (secret values, their credentials, any URL's user:password@): a shipped log holds no password.
 */
import { statSync } from 'node:fs'
import { parse as readConnectionString } from 'pg-connection-string'
import { withoutSecrets } from './channels/delivery-failure.ts'
import { ConfigError, loadConfig, secretValues, type ServerConfig } from './config.ts'
import { openLeadStore, type LeadStore } from './store/lead-store.ts'

/** A thrown value as text; a value that cannot be turned into text (no prototype, a throwing toString) says so. */
function asText(value: unknown): string {
  try {
    return String(value)
  } catch {
    return '(a value that cannot be shown)'
  }
}

/** An error's code and message, and those of its causes (a store may wrap the driver's error). */
function errorChain(error: unknown): { code?: string; message: string }[] {
  const chain: { code?: string; message: string }[] = []
  for (let e = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    chain.push({ code: typeof code === 'string' ? code : undefined, message: asText(message ?? e) })
    // net reports a host with several addresses as one AggregateError of its attempts.
    const inner = (e as { errors?: unknown[] }).errors
    if (Array.isArray(inner)) chain.push(...inner.flatMap(errorChain))
  }
  return chain
}

/** What `explain` says of the outermost code in the error's chain that it knows. */
function explainCode(error: unknown, explain: (code: string) => string | undefined): string | undefined {
  for (const { code } of errorChain(error)) {
    const said = code === undefined ? undefined : explain(code)
    if (said !== undefined) return said
  }
}

/** Percent-escapes decoded where they are valid and left as they are where not: never throws. */
const decoded = (text: string) =>
  text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run
    }
  })

/** The text as a URL serializer writes it; itself where it holds what encodeURI refuses (a lone surrogate). */
const encoded = (text: string) => {
  try {
    return encodeURI(text)
  } catch {
    return text
  }
}

/**
 * What a message may quote of one secret value: the value, a URL's user:password and password, and a
 * password=… setting, each as written, decoded and encoded; read by string steps, so no value can make
 * the mask fail. A URL's credentials end at the last @ before the first / ? # (as a parser reads them)
 * and at the last @ of all (as a person who left an @ or / unencoded meant them).
 */
function secretParts(value: string): string[] {
  const parts = [value, value.trim()]
  const scheme = /^\s*[a-z][\w+.-]*:\/\//i.exec(value)
  if (scheme) {
    const rest = value.slice(scheme[0].length)
    for (const authority of [rest.slice(0, rest.search(/[/?#]|$/)), rest]) {
      const userinfo = authority.slice(0, Math.max(0, authority.lastIndexOf('@')))
      parts.push(userinfo, userinfo.slice(userinfo.indexOf(':') + 1))
    }
  }
  for (const [, setting] of value.matchAll(/\bpassword\s*=\s*('[^']*'|[^\s&#]+)/gi))
    parts.push(setting, setting.replace(/^'|'$/g, ''))
  return parts.flatMap((part) => [part, decoded(part), encoded(decoded(part))])
}

/** `text` as it may be printed: no secret of the environment, no URL's user:password@, on one line. */
export function masked(text: string): string {
  const secrets = [...new Set(secretValues(process.env).flatMap(secretParts))].sort((a, b) => b.length - a.length)
  return withoutSecrets(text, secrets)
    .replace(/\b([a-z][\w+.-]*:\/\/)\S*@/gi, '$1***@')
    .replace(/\s*[\u0000-\u001f\u007f\u0085\u2028\u2029]+\s*/g, ' ')
    .trim()
}

/** One line on stderr, through the mask. */
const say = (line: string) => console.error(masked(line))

/** The configuration read so far: whether traces are asked for. */
let config: ServerConfig | undefined
/** What a refusal says did not happen: "server not started", "leads:export not run". */
let refusal = 'server not started'

/** Ends the process before it does anything: one line per reason on stderr, code 1. */
export function refuseToStart(reasons: string | readonly string[]): never {
  for (const reason of typeof reasons === 'string' ? [reasons] : reasons) say(`${refusal}: ${reason}`)
  process.exit(1)
}

/** The configuration of the environment, or the end of the process; `what` names what a refusal stops. */
export function configOrExit(what = 'server not started'): ServerConfig {
  refusal = what
  try {
    config = loadConfig()
    return config
  } catch (error) {
    if (error instanceof ConfigError) refuseToStart(error.problems)
    refuseToStart(unforeseen('the environment could not be read', error))
  }
}

/** An error nobody foresaw: its name, code and message on one line; the trace only when asked for. */
export function unforeseen(what: string, error: unknown): string {
  const [first] = errorChain(error)
  const name = error instanceof Error ? error.name : 'Error'
  const traced = config?.logLevel === 'debug' || config?.logLevel === 'trace'
  if (traced) console.error(asText((error as Error)?.stack).replace(/[^\n]+/g, (line) => masked(line)))
  const hint = traced ? '' : ' (LOG_LEVEL=debug shows where)'
  return `${what}: ${name}${first?.code ? ` ${first.code}` : ''}: ${first?.message.split('\n')[0] ?? asText(error)}${hint}`
}

/**
 * Until the server listens, an uncaught exception ends it in one masked line, as any failed start: Node's
 * report would print a URL parser's error with the whole URL, password included. Answers the guard's end.
 */
export function guardStart(): () => void {
  const fail = (error: unknown) => refuseToStart(unforeseen('the server failed while starting', error))
  process.on('uncaughtException', fail)
  process.on('unhandledRejection', fail)
  return () => {
    process.off('uncaughtException', fail)
    process.off('unhandledRejection', fail)
  }
}

/** Why the PostgreSQL database of DATABASE_URL could not be opened, and what to do; its words carry no password. */
function explainPostgres(databaseUrl: string, error: unknown): string {
  let read: { host?: string | null; port?: string | null; user?: string; database?: string | null } = {}
  try {
    read = readConnectionString(databaseUrl)
  } catch {
    // The configuration refuses a URL the driver cannot read; the words below then name no part of it.
  }
  const host = read.host || 'localhost'
  const where = `PostgreSQL at ${host}:${read.port || '5432'}`
  const user = read.user || '(default user)'
  const database = read.database || read.user || '(default database)'
  const message = errorChain(error)[0].message
  const explained = explainCode(error, (code) => {
    switch (code) {
      case 'ECONNREFUSED':
        return `${where} refused the connection (DATABASE_URL): start the database, or correct the host and port in DATABASE_URL`
      case 'ENOTFOUND':
      case 'EAI_FAIL':
        return `the host of DATABASE_URL, ${host}, was not found: correct DATABASE_URL`
      case 'EAI_AGAIN':
        return `the host of DATABASE_URL, ${host}, could not be looked up (no DNS answer): check the network, or put an IP address in DATABASE_URL`
      case 'ETIMEDOUT':
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
        return `${where} cannot be reached (${code}): check DATABASE_URL, the network and the firewall`
      case 'ECONNRESET':
        return `${where} closed the connection at once (DATABASE_URL): is that port a PostgreSQL server? If it requires TLS, add ?sslmode=require`
      case '28P01':
        return `${where} refused the password of user ${user}: correct the password in DATABASE_URL`
      case '28000':
        return `${where} does not let user ${user} connect to database ${database} (${message}): create the role, or allow it in pg_hba.conf`
      case '3D000':
        return `database ${database} does not exist on ${where}: create it (createdb ${database}) or correct DATABASE_URL`
      case '42501':
        return `user ${user} may not create the lead tables in database ${database} (${message}): grant it CREATE, or connect as the database's owner`
      case '57P03':
        return `${where} is starting up or shutting down: try again in a moment`
      case '53300':
        return `${where} has no free connections (max_connections): stop some clients or raise the limit`
    }
  })
  if (explained) return explained
  if (/timeout/i.test(message))
    return `${where} did not answer in time (DATABASE_URL): check that it runs and that the port is right`
  return unforeseen(`${where} (DATABASE_URL) could not be opened`, error)
}

/** Why the SQLite file of DATABASE_PATH could not be opened, and what to do. */
function explainSqlite(file: string, error: unknown): string {
  const where = `DATABASE_PATH=${file}`
  try {
    if (statSync(file).isDirectory()) return `${where} is a folder: name a file, e.g. ${file.replace(/\/+$/, '')}/leads.sqlite`
  } catch {
    // Missing, or under a file: the error's code says which.
  }
  const explained = explainCode(error, (code) => {
    switch (code) {
      case 'SQLITE_NOTADB':
        return `${where} is not an SQLite database: point DATABASE_PATH at the leads file, or at a new path to start an empty one`
      case 'SQLITE_CORRUPT':
        return `${where} is a damaged SQLite database: restore it from a backup`
      case 'SQLITE_READONLY':
      case 'EACCES':
      case 'EPERM':
      case 'EROFS':
        return `${where} cannot be written by this user: give the server's user write access to the file and its folder`
      case 'SQLITE_BUSY':
      case 'SQLITE_LOCKED':
        return `${where} is locked by another process: one server per SQLite file (set DATABASE_URL to share a PostgreSQL database)`
      case 'EEXIST':
      case 'ENOTDIR':
        return `${where} lies under a file, not a folder: choose a path whose folders are folders`
      case 'SQLITE_FULL':
      case 'ENOSPC':
        return `${where}: the disk is full`
      case 'SQLITE_CANTOPEN':
        return `${where} cannot be opened: check that its folder exists and that the server may write there`
      case 'EISDIR':
        return '' // No advice fits a folder the check above did not see: said as unforeseen.
    }
  })
  return explained || unforeseen(`${where} could not be opened`, error)
}

/** Why the server could not listen on HOST and PORT, and what to do. */
export function explainListen({ host, port }: ServerConfig, error: unknown): string {
  const explained = explainCode(error, (code) => {
    switch (code) {
      case 'EADDRINUSE':
        return `PORT ${port} is in use on ${host}: stop the other server or set PORT to a free port`
      case 'EACCES':
      case 'EPERM':
        return `PORT ${port} needs privileges this user lacks: set PORT to 1024 or above (and let a proxy take port 80 or 443)`
      case 'ENOTFOUND':
      case 'EAI_FAIL':
      case 'EAI_NONAME':
        return `HOST=${host} was not found: set HOST to an address of this machine (127.0.0.1, or 0.0.0.0 for every interface)`
      case 'EAI_AGAIN':
        return `HOST=${host} could not be looked up (no DNS answer): set HOST to an address (127.0.0.1, or 0.0.0.0 for every interface)`
      case 'EADDRNOTAVAIL':
      case 'EAFNOSUPPORT':
        return `HOST=${host} is not an address of this machine: set HOST to one of its addresses (127.0.0.1, or 0.0.0.0 for every interface)`
    }
  })
  return explained ?? unforeseen(`listening on ${host}:${port} failed`, error)
}

/** Why the configured database could not be opened, and what to do. */
const explainDatabase = (settings: ServerConfig, error: unknown) =>
  settings.databaseUrl ? explainPostgres(settings.databaseUrl, error) : explainSqlite(settings.databasePath, error)

/** The configured lead store, or the end of the process with one line saying why; each retry is a line too. */
export async function storeOrExit(settings: ServerConfig): Promise<LeadStore> {
  let attempts = 1
  try {
    return await openLeadStore(settings, (error, { attempt, attempts: most, delayMs }) => {
      attempts = attempt
      say(`${explainDatabase(settings, error)}; trying again in ${delayMs / 1000} s (attempt ${attempt} of ${most})`)
    })
  } catch (error) {
    refuseToStart(`${explainDatabase(settings, error)}${attempts > 1 ? ` (gave up after ${attempts} attempts)` : ''}`)
  }
}
