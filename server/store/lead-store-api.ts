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
   * Counts one request against `key` in a fixed window shared by every server on this store:
   * the requests so far in the window, and when it ends (epoch ms). Undefined for a store one
   * process owns, whose server counts in memory.
   */
  rateLimitCount?(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>
  /**
   * Removes the leads stored before `cutoff` (epoch ms) with their deliveries, but not a lead with
   * a delivery still pending or dead: the sales team has not had it yet. Answers how many of each
   * went, and how many such leads were kept.
   */
  purgeBefore(cutoff: number): Promise<Purged>
  /**
   * Every lead stored under this email address, its ASCII letters in any case, and their
   * deliveries. An address with other characters is refused (NonAsciiEmailError).
   */
  findByEmail(email: string): Promise<{ leads: StoredLead[]; deliveries: Delivery[] }>
  /**
   * Removes what findByEmail finds, deliveries included, and takes it off the disk where the
   * database can (SQLite's file and its write-ahead log).
   */
  eraseByEmail(email: string): Promise<Removed>
  close(): Promise<void>
}
