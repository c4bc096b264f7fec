import { createHash } from 'node:crypto'
import type { ColumnType, Generated } from 'kysely'
import type { Lead } from '../../src/core/lead.ts'

/** A lead as stored: what the API accepted, and what the server saw. */
export interface NewLead extends Lead {
  /** Address the request came from, as the server saw it (behind TRUST_PROXY, the client's). */
  remoteAddress: string
}

export interface StoredLead extends NewLead {
  id: number
  createdAt: string
}

type DeliveryStatus = 'pending' | 'delivered' | 'dead'

/** One delivery of one lead to one channel: the outbox row. Times are epoch milliseconds. */
export interface Delivery {
  id: number
  leadId: number
  /** The channel's name (webhook, email, slack…): a channel this server no longer has stays listed. */
  channel: string
  status: DeliveryStatus
  attempts: number
  nextAttemptAt: number
  giveUpAt: number
  lastError: string | null
  deliveredAt: number | null
}

/**
 * The tables as the migrations make them. The lead columns keep the request's names (contact, url,
 * query): servers on one database upgrade one at a time, and spreadsheets read the CSV export by them.
 */
export interface Tables {
  leads: {
    id: Generated<number>
    /** ISO text on SQLite, timestamptz (a Date) on PostgreSQL; set by the database. */
    created_at: ColumnType<string | Date, never, never>
    name: string
    email: string
    contact: string
    url: string
    message: string
    query: string
    ip_address: string
    city: string | null
    region: string | null
    country: string | null
    remote_address: string
    request_id: string | null
    request_fingerprint: string | null
  }
  deliveries: {
    id: Generated<number>
    lead_id: number
    channel: string
    status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>
    attempts: ColumnType<number, number | undefined, number>
    next_attempt_at: number
    give_up_at: number
    lease_until: number | null
    last_error: string | null
    delivered_at: number | null
  }
  /** The rate limit's counts, on a database that several servers share. */
  rate_limits: { key: string; window_start: number; count: number }
}

type LeadRow = Tables['leads']
type StoredLeadRow = { [K in keyof LeadRow]: LeadRow[K] extends ColumnType<infer S, unknown, unknown> ? S : LeadRow[K] }

/** The lead's columns, in insert order: what the databases store and the CSV export lists. */
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
type LeadColumn = (typeof LEAD_COLUMNS)[number]

/** A lead as one flat row named by its columns. */
export function leadRow(lead: NewLead): { [K in LeadColumn]: LeadRow[K] } {
  return {
    name: lead.name,
    email: lead.email,
    contact: lead.phone,
    url: lead.website,
    message: lead.message,
    query: lead.formName,
    ip_address: lead.ipAddress,
    city: lead.location?.city ?? null,
    region: lead.location?.region ?? null,
    country: lead.location?.country ?? null,
    remote_address: lead.remoteAddress,
    request_id: lead.requestId,
  }
}

/** The row's values in LEAD_COLUMNS order, for SQL written by hand (tests, fixtures). */
export function leadValues(lead: NewLead): unknown[] {
  const row = leadRow(lead)
  return LEAD_COLUMNS.map((column) => row[column])
}

/** A row of the leads table as a lead. */
export function leadFromRow(row: StoredLeadRow): StoredLead {
  const created = row.created_at
  return {
    id: Number(row.id),
    createdAt: created instanceof Date ? created.toISOString() : String(created),
    name: row.name,
    email: row.email,
    phone: row.contact,
    website: row.url,
    message: row.message,
    formName: row.query,
    ipAddress: row.ip_address,
    location:
      row.city || row.region || row.country
        ? { city: row.city ?? undefined, region: row.region ?? undefined, country: row.country ?? undefined }
        : null,
    remoteAddress: row.remote_address,
    requestId: row.request_id ?? null,
  }
}

/** A row of the deliveries table as a delivery. */
export function deliveryFromRow(
  row: Omit<Tables['deliveries'], 'id' | 'status' | 'attempts'> & Pick<Delivery, 'id' | 'status' | 'attempts'>,
): Delivery {
  return {
    id: Number(row.id),
    leadId: Number(row.lead_id),
    channel: row.channel,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    giveUpAt: Number(row.give_up_at),
    lastError: row.last_error ?? null,
    deliveredAt: row.delivered_at === null ? null : Number(row.delivered_at),
  }
}

/**
 * SHA-256 of what the visitor submitted (the form's fields and which form), not the page's look-ups
 * or the sender's address, which may differ between a submission and its retry.
 */
export function requestFingerprint(lead: Lead): string {
  const submitted = [lead.name, lead.email, lead.phone, lead.website, lead.message, lead.formName]
  return createHash('sha256').update(JSON.stringify(submitted)).digest('hex')
}

/** Whether `lead` is a retry of the row holding its requestId; a row stored before fingerprints gets one computed. */
export function isRetryOf(row: StoredLeadRow, lead: Lead): boolean {
  const stored = row.request_fingerprint ?? requestFingerprint(leadFromRow(row))
  return stored === requestFingerprint(lead)
}
