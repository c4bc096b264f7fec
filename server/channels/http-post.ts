import { STATUS_CODES } from 'node:http'
import { abortFailure, credentialsOf, DeliveryFailure, networkFailure, retryAfterMs, withoutSecrets } from './delivery-failure.ts'

/** Answers that may change on a later try: a timeout, a request still in progress under the same Idempotency-Key, too early, too many. */
const RETRYABLE_CLIENT_ERRORS = new Set([408, 409, 425, 429])

/** An HTTP receiver of leads, as the channels that POST to one (webhook, Slack) share it. */
export interface PostTarget {
  /** Who answers, as failures name it: "webhook", "Slack". */
  receiver: string
  /** The variable that holds the URL, named in what to fix. */
  variable: string
}

/** A redirect's address as records show it: no credentials, query or configured path (any may carry a token). */
const shownAddress = (url: URL, own: URL) => `${url.origin}${url.pathname === own.pathname ? ' (the same path)' : url.pathname}`

/**
 * A non-2xx answer: permanent unless it is a 5xx, a retryable 4xx, or a temporary redirect.
 * `detail` is what the receiver said, for receivers that answer a short error code (Slack).
 */
function answerFailure(response: Response, target: URL, { receiver, variable }: PostTarget, detail: string): DeliveryFailure {
  const { status } = response
  if (status >= 300 && status < 400) {
    const location = response.headers.get('location')
    const to =
      location && URL.canParse(location, target) ? shownAddress(new URL(location, target), target) : '(no Location header)'
    // A permanent redirect will be answered the same way tomorrow; a temporary one may not.
    const permanent = status === 301 || status === 308
    return new DeliveryFailure(
      `redirect to ${to} not followed (HTTP ${status})${permanent ? '; not retried' : ''}: set ${variable} to the address that takes the POST itself`,
      { permanent },
    )
  }
  const answered = `${receiver} answered HTTP ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}${detail ? ` (${detail})` : ''}`
  if (status >= 500 || RETRYABLE_CLIENT_ERRORS.has(status)) {
    const pause = status === 429 || status === 503 ? retryAfterMs(response.headers.get('retry-after')) : undefined
    return new DeliveryFailure(answered, { retryAfterMs: pause })
  }
  return new DeliveryFailure(
    `${answered}; not retried, the same request gets the same answer: fix the receiver or ${variable}, then npm run leads:redeliver`,
    { permanent: true },
  )
}

/** A receiver's error text as a record shows it: one short line of visible characters. */
const shortDetail = (text: string) =>
  text
    .replace(/[^\x20-\x7e]+/g, ' ')
    .trim()
    .slice(0, 100)

/**
 * POSTs to one URL for every HTTP channel: the URL's credentials as Basic authentication (fetch refuses
 * them in the URL), redirects reported, not followed (a POST sent on may not be meant for the new
 * address), a failure as a DeliveryFailure without the URL's secrets.
 */
export function httpPoster(url: string, target: PostTarget & { readDetail?: boolean; secrets?: readonly string[] }) {
  const address = new URL(url)
  const credentials = credentialsOf(address)
  const authorization =
    address.username || address.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(address.username)}:${decodeURIComponent(address.password)}`).toString('base64')}`
      : undefined
  address.username = ''
  address.password = ''
  const port = address.port || (address.protocol === 'https:' ? 443 : 80)
  const secrets = [url, ...credentials, ...(target.secrets ?? [])].sort((a, b) => b.length - a.length)
  return async (body: string, headers: Record<string, string>, signal: AbortSignal, timeoutMs: number): Promise<void> => {
    let response: Response
    let detail = ''
    try {
      response = await fetch(address, {
        method: 'POST',
        headers: authorization ? { ...headers, authorization } : headers,
        body,
        redirect: 'manual',
        signal,
      })
      if (target.readDetail && response.status >= 400) detail = shortDetail(withoutSecrets(await response.text(), secrets))
      else await response.body?.cancel()
    } catch (error) {
      if (signal.aborted) throw abortFailure(signal, timeoutMs)
      const failure = networkFailure(error, address.hostname, port)
      throw new DeliveryFailure(withoutSecrets(failure.message, secrets), failure)
    }
    if (!response.ok) throw answerFailure(response, address, target, detail)
  }
}
