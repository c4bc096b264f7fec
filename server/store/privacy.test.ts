import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { createDatabase } from '../../tools/postgres-server.ts'
import { purgeExpired } from '../retention.ts'
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
    expect(await store.purgeBefore(cutoff)).toEqual({ leads: 2, deliveries: 4 })
    expect((await store.all()).map((l) => l.name)).toEqual(['Young'])
    expect((await store.deliveries('all')).map((d) => d.leadId)).toEqual([3, 3])
    // A second server running the same clean-up finds nothing left.
    expect(await store.purgeBefore(cutoff)).toEqual({ leads: 0, deliveries: 0 })
  })

  it('keeps to the retention period in days: nothing goes before it ends, everything after', async () => {
    const store = await open()
    await store.insert(lead('Dana', 'dana@acme.com'), outbox)
    const day = 86_400_000
    expect(await purgeExpired(store, 30, Date.now() + 29 * day)).toEqual({ leads: 0, deliveries: 0 })
    expect(await purgeExpired(store, 30, Date.now() + 31 * day)).toEqual({ leads: 1, deliveries: 2 })
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
})
