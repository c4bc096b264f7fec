/** What a lead store answers, whichever database holds it (lead-store.ts makes one over SQLite or PostgreSQL). */
import type { Purged, Removed } from './erasure.ts'
import type { Delivery, NewLead, StoredLead } from './rows.ts'

/** A delivery claimed by a worker, with the lead it carries. */
export interface ClaimedDelivery extends Delivery {
  lead: StoredLead
}

/** The deliveries to queue with a lead: one per channel, each given up at `giveUpAt` (epoch ms). */
export interface Outbox {
  channels: readonly string[]
  giveUpAt: number
}

/**
 * Stored (`duplicate: false`); a retry of the lead stored under its requestId (`duplicate: true`, that
 * lead's id); or a conflict: the requestId is taken by another lead, and nothing was stored.
 */
export type InsertResult = { id: number; duplicate: boolean } | { conflict: true }

export interface LeadStore {
  /** Stores a lead and one pending delivery per channel in one transaction, durable before the promise settles. */
  insert(lead: NewLead, outbox: Outbox): Promise<InsertResult>
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
   * Counts one request against `key` in a fixed window shared by every server on this store: the count so
   * far and when the window ends (epoch ms). Undefined for a store one process owns (counted in memory).
   */
  rateLimitCount?(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>
  /**
   * Removes the leads stored before `cutoff` (epoch ms) with their deliveries, but not one with a delivery
   * pending or dead: the sales team has not had it. Answers how many went, and how many were kept.
   */
  purgeBefore(cutoff: number): Promise<Purged>
  /** Every lead stored under this address (ASCII letters in any case) and their deliveries; NonAsciiEmailError for others. */
  findByEmail(email: string): Promise<{ leads: StoredLead[]; deliveries: Delivery[] }>
  /** Removes what findByEmail finds, and takes it off the disk where the database can (SQLite). */
  eraseByEmail(email: string): Promise<Removed>
  close(): Promise<void>
}
