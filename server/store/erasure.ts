import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Tables } from './rows.ts'

/** How many records a removal took away. */
export interface Removed {
  leads: number
  deliveries: number
}

/** What a purge did: the leads past the period it removed, and those it kept because they were not yet delivered. */
export interface Purged extends Removed {
  /** Leads past the period with a delivery still pending or dead, kept until delivered or erased. */
  undelivered: number
}

/** What an address the form and the API accept is made of. */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/

/**
 * A look-up address with a character outside visible ASCII: nobody's, as the form and API accept only
 * those, and a look-alike (the Kelvin sign lower-cases to k) must not find someone else.
 */
export class NonAsciiEmailError extends Error {
  constructor(email: string) {
    const odd = [...email].find((c) => !VISIBLE_ASCII.test(c)) ?? ''
    const code = `U+${(odd.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
    super(
      `the address holds ${code}, a character outside ASCII: stored addresses are ASCII, so it matches no one; type the address again`,
    )
    this.name = 'NonAsciiEmailError'
  }
}

/** ASCII letters in lower case, and nothing else changed: SQLite's lower() folds exactly these. */
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase())

/**
 * The one way an address is compared: trimmed, ASCII letters lowered. PostgreSQL's lower() folds
 * other letters too (the Kelvin sign to k), so the database only narrows the rows and this decides.
 */
function emailKey(email: string): string {
  const address = email.trim()
  if (!VISIBLE_ASCII.test(address)) throw new NonAsciiEmailError(address)
  return asciiLower(address)
}

/** The ids of the leads stored under this address (emailKey), in id order. */
export async function leadIdsByEmail(db: Kysely<Tables>, email: string): Promise<number[]> {
  const key = emailKey(email)
  const rows = await db
    .selectFrom('leads')
    .select(['id', 'email'])
    .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', key))
    .orderBy('id')
    .execute()
  return rows.filter((row) => asciiLower(row.email) === key).map((row) => Number(row.id))
}

/** A lead with a delivery that has not reached its channel: pending, or given up as dead. */
export const undelivered = (eb: ExpressionBuilder<Tables, 'leads'>) =>
  eb.exists(
    eb
      .selectFrom('deliveries as open')
      .select('open.id')
      .whereRef('open.lead_id', '=', 'leads.id')
      .where('open.status', '!=', 'delivered'),
  )
