import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { createDatabase } from '../../tools/postgres-server.ts'
import { purgeExpired } from '../retention.ts'
import { NonAsciiEmailError } from './erasure.ts'
import { openLeadStore, type LeadStore } from './lead-store.ts'
import type { NewLead } from './rows.ts'

const lead = (name: string, email: string): NewLead => ({
  name,
  email,
  phone: '4155550142',
  website: 'acme.com',
  message: `Question from ${name}`,
  formName: 'Talk to Expert query',
  ipAddress: '203.0.113.7',
  location: { city: 'Austin', region: 'Texas', country: 'US' },
  remoteAddress: '127.0.0.1',
  requestId: null,
})
const outbox = { channels: ['webhook', 'email'], giveUpAt: Date.now() + 60_000 }
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Every due delivery made, as the worker makes them when the receivers answer. */
async function deliverAll(store: LeadStore) {
  for (const delivery of await store.claimDue(Date.now(), 1000, Date.now() + 1000))
    await store.markDelivered(delivery.id, Date.now())
}

const opened: LeadStore[] = []
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
})

const databases = [
  ['SQLite', async () => ({ databasePath: path.join(mkdtempSync(path.join(tmpdir(), 'privacy-')), 'leads.sqlite') })],
  ['PostgreSQL', async () => ({ databasePath: '', databaseUrl: await createDatabase(inject('postgresUrl')) })],
] as const

describe.each(databases)("a person's leads on %s", (_name, location) => {
  const open = async () => {
    const store = await openLeadStore(await location())
    opened.push(store)
    return store
  }

  it('removes the leads older than the cutoff with their deliveries, and keeps the younger ones', async () => {
    const store = await open()
    await store.insert(lead('Old One', 'old@acme.com'), outbox)
    await store.insert(lead('Old Two', 'old2@acme.com'), outbox)
    await pause(50)
    const cutoff = Date.now()
    await pause(50)
    await store.insert(lead('Young', 'young@acme.com'), outbox)
    await deliverAll(store)
    expect(await store.purgeBefore(cutoff)).toEqual({ leads: 2, deliveries: 4, undelivered: 0 })
    expect((await store.all()).map((l) => l.name)).toEqual(['Young'])
    expect((await store.deliveries('all')).map((d) => d.leadId)).toEqual([3, 3])
    // A second server running the same clean-up finds nothing left.
    expect(await store.purgeBefore(cutoff)).toEqual({ leads: 0, deliveries: 0, undelivered: 0 })
  })

  it('keeps a lead past the period whose delivery is pending or dead, and counts it', async () => {
    const store = await open()
    await store.insert(lead('Delivered', 'done@acme.com'), { channels: ['webhook'], giveUpAt: outbox.giveUpAt })
    await deliverAll(store)
    await store.insert(lead('Pending', 'pending@acme.com'), outbox)
    await store.insert(lead('Dead', 'dead@acme.com'), { channels: ['email'], giveUpAt: outbox.giveUpAt })
    const [dead] = await store
      .claimDue(Date.now(), 10, Date.now() + 1000)
      .then((due) => due.filter((d) => d.lead.name === 'Dead'))
    await store.markFailed(dead.id, 'SMTP server refused the message', null)
    // One of Half's two deliveries went out; the other is still owed.
    await store.insert(lead('Half', 'half@acme.com'), outbox)
    const [half] = (await store.claimDue(Date.now(), 10, Date.now() + 1000)).filter((d) => d.lead.name === 'Half')
    await store.markDelivered(half.id, Date.now())
    await pause(20)
    expect(await store.purgeBefore(Date.now())).toEqual({ leads: 1, deliveries: 1, undelivered: 3 })
    expect((await store.all()).map((l) => l.name)).toEqual(['Pending', 'Dead', 'Half'])
    expect((await store.deliveries('all')).map((d) => d.status).sort()).toEqual([
      'dead',
      'delivered',
      'pending',
      'pending',
      'pending',
    ])
  })

  it('keeps to the retention period in days: nothing goes before it ends, everything after', async () => {
    const store = await open()
    await store.insert(lead('Dana', 'dana@acme.com'), outbox)
    const day = 86_400_000
    await deliverAll(store)
    expect(await purgeExpired(store, 30, Date.now() + 29 * day)).toEqual({ leads: 0, deliveries: 0, undelivered: 0 })
    expect(await purgeExpired(store, 30, Date.now() + 31 * day)).toEqual({ leads: 1, deliveries: 2, undelivered: 0 })
  })

  it("finds exactly one person's leads and deliveries, whatever the letter case", async () => {
    const store = await open()
    await store.insert(lead('Dana Reyes', 'Dana@Acme.com'), outbox)
    await store.insert(lead('Sam Lee', 'sam@acme.com'), outbox)
    await store.insert(lead('Dana Reyes', 'dana@acme.com'), { channels: ['webhook'], giveUpAt: outbox.giveUpAt })
    const found = await store.findByEmail(' DANA@acme.com ')
    expect(found.leads.map((l) => [l.id, l.email, l.phone, l.location?.city])).toEqual([
      [1, 'Dana@Acme.com', '4155550142', 'Austin'],
      [3, 'dana@acme.com', '4155550142', 'Austin'],
    ])
    expect(found.deliveries.map((d) => [d.leadId, d.channel, d.status])).toEqual([
      [1, 'webhook', 'pending'],
      [1, 'email', 'pending'],
      [3, 'webhook', 'pending'],
    ])
    expect(await store.findByEmail('nobody@acme.com')).toEqual({ leads: [], deliveries: [] })
  })

  it('erases one person everywhere the store holds them, and nothing else', async () => {
    const store = await open()
    await store.insert(lead('Dana Reyes', 'dana@acme.com'), outbox)
    await store.insert(lead('Sam Lee', 'sam@acme.com'), outbox)
    await store.insert(lead('Dana Reyes', 'DANA@acme.com'), outbox)
    // Her first delivery failed for good: its record goes with her lead.
    const [first] = await store.claimDue(Date.now(), 1, Date.now() + 1000)
    expect(first.lead.email).toBe('dana@acme.com')
    await store.markFailed(first.id, 'connection refused by 127.0.0.1:9', null)
    expect(await store.eraseByEmail('dana@acme.com')).toEqual({ leads: 2, deliveries: 4 })
    expect(await store.findByEmail('dana@acme.com')).toEqual({ leads: [], deliveries: [] })
    expect((await store.all()).map((l) => l.email)).toEqual(['sam@acme.com'])
    expect((await store.deliveries('all')).map((d) => d.leadId)).toEqual([2, 2])
    expect(await store.eraseByEmail('dana@acme.com')).toEqual({ leads: 0, deliveries: 0 })
  })

  it("finds and erases nothing of kate's under a look-alike address (the Kelvin sign K)", async () => {
    const store = await open()
    await store.insert(lead('Kate', 'kate@example.com'), outbox)
    await store.insert(lead('Kate', 'Kate@Example.com'), outbox)
    for (const lookAlike of ['\u212Aate@example.com', '\u212A\u0041TE@example.com', 'kate@example.com\u0130']) {
      await expect(store.eraseByEmail(lookAlike)).rejects.toThrow(NonAsciiEmailError)
      await expect(store.findByEmail(lookAlike)).rejects.toThrow(/holds U\+(212A|0130), a character outside ASCII/)
    }
    expect((await store.all()).map((l) => l.email)).toEqual(['kate@example.com', 'Kate@Example.com'])
    expect(await store.deliveries('all')).toHaveLength(4)
  })

  it('folds only ASCII letters on both sides: a stored look-alike is not kate', async () => {
    const store = await open()
    await store.insert(lead('Kate', 'kate@example.com'), outbox)
    await store.insert(lead('Not Kate', '\u212Aate@example.com'), outbox)
    expect((await store.findByEmail('KATE@example.com')).leads.map((l) => l.name)).toEqual(['Kate'])
    expect(await store.eraseByEmail('KATE@example.com')).toEqual({ leads: 1, deliveries: 2 })
    expect((await store.all()).map((l) => l.name)).toEqual(['Not Kate'])
  })
})

describe('an erased lead on SQLite', () => {
  /** The raw bytes of the database file and of its write-ahead log, as anyone who copies them reads them. */
  const onDisk = (file: string) =>
    Buffer.concat([readFileSync(file), existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : Buffer.alloc(0)])

  it('leaves none of its bytes in the file or its write-ahead log', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'privacy-bytes-')), 'leads.sqlite')
    const store = await openLeadStore({ databasePath: file })
    opened.push(store)
    const email = 'erase-me-7f3a@example.org'
    // A short message stays on the lead's page; a long one spills onto overflow pages.
    const messages = ['secret-merger-7f3a', `confidential-7f3a ${'long-board-minutes-7f3a '.repeat(200)}`]
    for (const message of messages) await store.insert({ ...lead('Erin Erased', email), message }, outbox)
    await store.insert(lead('Sam Kept', 'sam-kept@acme.com'), outbox)
    await deliverAll(store)
    expect(onDisk(file).includes(email)).toBe(true)

    expect(await store.eraseByEmail(email)).toEqual({ leads: 2, deliveries: 4 })
    // While the store is still open, as an erase leaves a running server's file.
    for (const trace of [email, 'Erin Erased', 'secret-merger-7f3a', 'confidential-7f3a', 'long-board-minutes-7f3a'])
      expect(onDisk(file).includes(trace), trace).toBe(false)
    expect(onDisk(file).includes('sam-kept@acme.com')).toBe(true)
    await store.close()
    opened.pop()
    for (const trace of [email, 'secret-merger-7f3a', 'long-board-minutes-7f3a'])
      expect(onDisk(file).includes(trace), trace).toBe(false)
  })
})
