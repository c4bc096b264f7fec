/**
 * Why an attempt failed, in words an operator acts on. `permanent`: the same request would get the
 * same answer, so the delivery is kept as dead at once; `retryAfterMs`: the receiver asked for a pause.
 */
export class DeliveryFailure extends Error {
  readonly permanent: boolean
  readonly retryAfterMs?: number
  constructor(message: string, { permanent = false, retryAfterMs }: { permanent?: boolean; retryAfterMs?: number } = {}) {
    super(message)
    this.name = 'DeliveryFailure'
    this.permanent = permanent
    this.retryAfterMs = retryAfterMs
  }
}

/** Codes nodemailer gives a stage of its exchange; the system's own code is then in the message. */
const SMTP_STAGES = new Set(['ESOCKET', 'EDNS', 'ECONNECTION', 'EPROTOCOL'])

/** The system's error under a failure: fetch wraps it as the cause of "fetch failed", nodemailer names it in its message. */
function systemError(error: unknown): { code?: string; message: string } {
  let inner = error
  while ((inner as { cause?: unknown } | undefined)?.cause) inner = (inner as { cause: unknown }).cause
  const { code, message } = (inner ?? {}) as { code?: unknown; message?: unknown }
  const text = String(message ?? inner)
  const named = /\b(E[A-Z]{4,}|EAI_[A-Z]+)\b/.exec(text)?.[1]
  if (typeof code === 'string' && !SMTP_STAGES.has(code)) return { code, message: text }
  return { code: named ?? (typeof code === 'string' ? code : undefined), message: text }
}

/** A connection that failed before any answer, in plain words naming the host, never a credential. */
export function networkFailure(error: unknown, host: string, port: number | string): DeliveryFailure {
  const { code, message } = systemError(error)
  const at = `${host}:${port}`
  switch (code) {
    case 'ECONNREFUSED':
      return new DeliveryFailure(`connection refused by ${at}`)
    case 'ENOTFOUND':
    case 'EAI_NONAME':
    case 'EAI_FAIL':
      return new DeliveryFailure(`host not found: ${host}`)
    case 'EAI_AGAIN':
      return new DeliveryFailure(`host ${host} could not be looked up (no DNS answer)`)
    case 'UND_ERR_SOCKET':
      return new DeliveryFailure(`the receiver closed the connection before answering (${at})`)
    case 'ECONNRESET':
    case 'EPIPE':
      return new DeliveryFailure(`the receiver reset the connection (${at})`)
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new DeliveryFailure(`connecting to ${at} timed out`)
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new DeliveryFailure(`${at} cannot be reached (${code})`)
  }
  // fetch never connects to the ports browsers block (6000, 6665-6669 and others): no retry helps.
  if (message === 'bad port')
    return new DeliveryFailure(`port ${port} is one fetch refuses to use; not retried: move the receiver to another port`, {
      permanent: true,
    })
  if (code && /CERT|TLS|SSL/.test(code)) return new DeliveryFailure(`TLS with ${at} failed (${code}): ${message}`)
  return new DeliveryFailure(`${code ? `${code}: ` : ''}${message} (${at})`)
}

/** An attempt ended by its signal: out of time, or the server stopping. */
export function abortFailure(signal: AbortSignal, timeoutMs: number): DeliveryFailure {
  const reason = signal.reason as { name?: string; message?: string } | undefined
  return new DeliveryFailure(
    reason?.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `interrupted: ${reason?.message ?? 'aborted'}`,
  )
}

/** `text` without any of `secrets`: a driver's message may quote a URL or a password. */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  let safe = text
  for (const secret of secrets) if (secret.length >= 3) safe = safe.split(secret).join('***')
  return safe
}

/** A part of a URL decoded, or as written where it holds a `%` that starts no escape (`pw%zz`). */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

/** A URL's user name and password, raw and decoded, to keep out of delivery records. */
export function credentialsOf(url: URL): string[] {
  return [url.username, url.password].filter(Boolean).flatMap((part) => [part, decoded(part)])
}

/** Retry-After in milliseconds, as seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}
