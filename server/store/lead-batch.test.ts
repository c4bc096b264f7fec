import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { createDatabase } from '../../tools/postgres-server.ts'
import { openLeadStore, type LeadStore } from './lead-store.ts'
import type { NewLead } from './rows.ts'

const lead = (message: string, requestId: string | null): NewLead => ({
  name: 'Dana',
  email: 'dana@acme.com',
  phone: '4155550142',
  website: '',
  message,
  formName: 'Talk to Expert query',
  ipAddress: '',
  location: null,
  remoteAddress: '127.0.0.1',
  requestId,
})

const opened: LeadStore[] = []
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
})

describe.each([
  ['SQLite', async () => ({ databasePath: path.join(mkdtempSync(path.join(tmpdir(), 'batch-')), 'leads.sqlite') })],
  ['PostgreSQL', async () => ({ databasePath: '', databaseUrl: await createDatabase(inject('postgresUrl')) })],
] as const)('leads sent at once on %s', (name, location) => {
  it('each get their own answer: stored, a retry of a stored or a just-stored lead, or a conflict', async () => {
    const store = await openLeadStore(await location())
    opened.push(store)
    const outbox = { channels: ['webhook', 'email'], giveUpAt: Date.now() + 60_000 }
    expect(await store.insert(lead('before', 'old'), outbox)).toEqual({ id: 1, duplicate: false })
    // On SQLite these share one transaction and one statement; on PostgreSQL each has its own.
    const sent = [
      lead('a', null),
      lead('b', 'k1'),
      lead('before', 'old'),
      lead('c', null),
      lead('b', 'k1'),
      lead('d', 'k1'),
      lead('e', 'old'),
      lead('f', 'k2'),
    ]
    const results = await Promise.all(sent.map((l) => store.insert(l, outbox)))
    const stored = await store.all()
    // Which of b and d takes k1 is up to PostgreSQL; on SQLite, the order sent.
    const k1 = stored.find((l) => l.requestId === 'k1')!
    expect(stored.map((l) => l.message).sort()).toEqual(['a', 'before', 'c', k1.message, 'f'].sort())
    const idOf = (message: string) => stored.find((l) => l.message === message)!.id
    expect(results).toEqual(
      sent.map((l) => {
        if (l.message === 'before') return { id: 1, duplicate: true }
        if (l.requestId === 'k1')
          return l.message === k1.message ? { id: k1.id, duplicate: expect.any(Boolean) } : { conflict: true }
        if (l.message === 'e') return { conflict: true }
        return { id: idOf(l.message), duplicate: false }
      }),
    )
    expect(results.filter((r) => 'duplicate' in r && r.id === k1.id && !r.duplicate)).toHaveLength(1)
    if (name === 'SQLite') expect(k1.message).toBe('b')
    // One delivery per channel for each lead stored, none for a retry or a conflict.
    const deliveries = await store.deliveries('all')
    expect(deliveries.map((d) => [d.leadId, d.channel]).sort()).toEqual(
      stored
        .flatMap((l) => [
          [l.id, 'email'],
          [l.id, 'webhook'],
        ])
        .sort(),
    )
  })
})
