import { createHash } from 'node:crypto'
import type { Lead } from '../src/core/lead.ts'

/** A lead as stored: what the API accepted, and what the server saw. */
export interface NewLead extends Lead {
  /** Address the request came from, as the server saw it (behind TRUST_PROXY, the client's). */
  remoteAddress: string
}

export interface StoredLead extends NewLead {
  id: number
  createdAt: string
}

/** Where a lead is sent after it is stored. */
export type ChannelName = 'webhook' | 'email'

type DeliveryStatus = 'pending' | 'delivered' | 'dead'

/** One delivery of one lead to one channel: the outbox row. Times are epoch milliseconds. */
export interface Delivery {
  id: number
  leadId: number
  channel: ChannelName
  status: DeliveryStatus
  attempts: number
  nextAttemptAt: number
  giveUpAt: number
  lastError: string | null
  deliveredAt: number | null
}

/** A delivery claimed by a worker, with the lead it carries. */
export interface ClaimedDelivery extends Delivery {
  lead: StoredLead
}

/**
 * What storing a lead came to: stored (`duplicate: false`); a retry of a lead already stored under
 * the same requestId (`duplicate: true`, that lead's id); or a conflict, when the requestId is
 * already taken by a different lead, and nothing was stored.
 */
export type InsertResult = { id: number; duplicate: boolean } | { conflict: true }

export interface LeadStore {
  /**
   * Stores a lead and one pending delivery per channel in one transaction, durable before the
   * promise settles. A requestId names one submission: sent again with the same lead it gives the
   * first lead's id and queues nothing new; with a different lead it is a conflict.
   */
  insert(lead: NewLead, outbox: { channels: readonly ChannelName[]; giveUpAt: number }): Promise<InsertResult>
  all(): Promise<StoredLead[]>
  count(): Promise<number>
  /**
   * Takes up to `limit` deliveries that are due and not held by another worker, holding them
   * until `leaseUntil`: a worker that dies mid-delivery lets them go when its lease ends.
   */
  claimDue(now: number, limit: number, leaseUntil: number): Promise<ClaimedDelivery[]>
  markDelivered(id: number, now: number): Promise<void>
  /** Records a failed attempt: retried at `nextAttemptAt`, or kept as dead when that is null. */
  markFailed(id: number, error: string, nextAttemptAt: number | null): Promise<void>
  deliveries(filter: 'open' | 'all'): Promise<Delivery[]>
  /** Makes dead or pending deliveries due now, with a new give-up time; answers how many. */
  requeue(target: { ids: number[] } | { dead: true }, now: number, giveUpAt: number): Promise<number>
  /**
   * Counts one request against `key` in a fixed window shared by every server on this store:
   * the requests so far in the window, and when it ends (epoch ms). Undefined for a store one
   * process owns, whose server counts in memory.
   */
  rateLimitCount?(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>
  close(): Promise<void>
}

/** SQLSTATEs of a database that is down, restarting, failing over or full of connections: worth a retry soon. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])
/** Socket errors of a database that cannot be reached. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
/** node-postgres gives these no code: a lost connection, and its connect and query time-outs. */
const UNAVAILABLE_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
])

/**
 * Whether an error means the database is unavailable for now (refused, reset or ended connections,
 * a server starting or stopping, time-outs, a SQLite file held by another writer), as opposed to a
 * fault that retrying will not mend. The one place that decides what the API answers 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true
    if (UNAVAILABLE_SOCKET_CODES.has(code) || code.startsWith('SQLITE_BUSY')) return true
  }
  if (UNAVAILABLE_MESSAGES.has(error.message)) return true
  // A host name with several addresses fails with every one of them.
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable)
  return isDatabaseUnavailable(error.cause)
}

/** Opens the configured store: PostgreSQL for a postgres:// URL, else the SQLite file (the default). */
export async function openLeadStore(location: { databaseUrl?: string; databasePath: string }): Promise<LeadStore> {
  if (location.databaseUrl) {
    const { openPostgresLeadStore } = await import('./lead-store-postgres.ts')
    return openPostgresLeadStore(location.databaseUrl)
  }
  const { openSqliteLeadStore } = await import('./lead-store-sqlite.ts')
  return openSqliteLeadStore(location.databasePath)
}

/**
 * SHA-256 of what the visitor submitted, normalized as stored: the form's fields and which form.
 * Not the page's look-ups (ip_address, location), which may fail on one attempt and succeed on
 * the retry, nor the address the request came from: a retry is the same submission either way.
 */
export function requestFingerprint(lead: Lead): string {
  const submitted = [lead.name, lead.email, lead.contact, lead.url, lead.message, lead.query]
  return createHash('sha256').update(JSON.stringify(submitted)).digest('hex')
}

/**
 * Whether `lead` is a retry of the stored row that holds its requestId. Rows stored before
 * fingerprints were kept have none; theirs is computed from the stored lead.
 */
export function isRetryOf(row: Record<string, unknown>, lead: Lead): boolean {
  const stored = (row.request_fingerprint as string | null) ?? requestFingerprint(leadFromRow(row))
  return stored === requestFingerprint(lead)
}

/** A row of the leads table, as both databases name its columns. */
export function leadFromRow(row: Record<string, unknown>): StoredLead {
  const created = row.created_at
  return {
    id: Number(row.id),
    createdAt: created instanceof Date ? created.toISOString() : String(created),
    name: row.name as string,
    email: row.email as string,
    contact: row.contact as string,
    url: row.url as string,
    message: row.message as string,
    query: row.query as string,
    ipAddress: row.ip_address as string,
    location:
      row.city || row.region || row.country
        ? {
            city: (row.city as string) ?? undefined,
            region: (row.region as string) ?? undefined,
            country: (row.country as string) ?? undefined,
          }
        : null,
    remoteAddress: row.remote_address as string,
    requestId: (row.request_id as string) ?? null,
  }
}

export function deliveryFromRow(row: Record<string, unknown>): Delivery {
  const ms = (v: unknown) => (v === null || v === undefined ? null : Number(v))
  return {
    id: Number(row.id),
    leadId: Number(row.lead_id),
    channel: row.channel as ChannelName,
    status: row.status as DeliveryStatus,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    giveUpAt: Number(row.give_up_at),
    lastError: (row.last_error as string) ?? null,
    deliveredAt: ms(row.delivered_at),
  }
}

/** The lead's columns, in insert order, for both databases. */
export const LEAD_COLUMNS = [
  'name',
  'email',
  'contact',
  'url',
  'message',
  'query',
  'ip_address',
  'city',
  'region',
  'country',
  'remote_address',
  'request_id',
] as const
export type LeadColumn = (typeof LEAD_COLUMNS)[number]

/** A lead as one flat row named by its columns: what the databases store and the CSV export lists. */
export function leadRow(lead: NewLead): Record<LeadColumn, string | null> {
  return {
    name: lead.name,
    email: lead.email,
    contact: lead.contact,
    url: lead.url,
    message: lead.message,
    query: lead.query,
    ip_address: lead.ipAddress,
    city: lead.location?.city ?? null,
    region: lead.location?.region ?? null,
    country: lead.location?.country ?? null,
    remote_address: lead.remoteAddress,
    request_id: lead.requestId,
  }
}

export function leadValues(lead: NewLead): unknown[] {
  const row = leadRow(lead)
  return LEAD_COLUMNS.map((column) => row[column])
}
