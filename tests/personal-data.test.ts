import { spawn, type ChildProcess } from 'node:child_process'
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { openLeadStore } from '../server/store/lead-store.ts'
import type { NewLead } from '../server/store/rows.ts'
import { freePort } from '../tools/server-process.ts'
import { startWebhookReceiver } from './support/webhook-receiver.ts'

/**
 * A lead's personal data as an operator meets it: the server's logs never hold it, and one
 * person's records are found and erased by the leads:* commands, run as real processes.
 */
const run = promisify(execFile)
const databasePath = path.join(mkdtempSync(path.join(tmpdir(), 'personal-data-')), 'leads.sqlite')
const env = { ...process.env, DATABASE_PATH: databasePath, DIST_DIR: 'dist', LOG_LEVEL: 'trace' }

/** Whatever a person typed, each piece findable in a log if it ever got there. */
const person = {
  name: 'Zelda Quixote',
  email: 'zelda.quixote@example.org',
  contact: '(415) 555-9876',
  url: 'quixote-industries.example',
  message: 'Our unreleased-merger-plan needs an AI review',
  ip_address: '198.51.100.77',
  query: 'Talk to Expert query',
}
const traces = [person.name, 'Zelda', 'Quixote', person.email, '5559876', '555-9876', person.ip_address, 'unreleased-merger-plan']

const leadsCommand = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'server/privacy-cli.ts', ...args], { env })

/** Leads stored straight into the database the commands read, one per address. */
async function storeLeads(emails: string[], outbox: { channels: string[]; giveUpAt: number }) {
  const store = await openLeadStore({ databasePath })
  try {
    for (const email of emails) {
      const lead: NewLead = {
        name: 'Someone',
        email,
        phone: '4155550142',
        website: '',
        message: 'Hello',
        formName: person.query,
        ipAddress: '',
        location: null,
        remoteAddress: '127.0.0.1',
        requestId: null,
      }
      await store.insert(lead, outbox)
    }
  } finally {
    await store.close()
  }
}

let server: ChildProcess | undefined
afterAll(() => void server?.kill('SIGKILL'))

describe('personal data', () => {
  it('never reaches the logs: not on storing, not on a bad request, not on a failed delivery', async () => {
    // The first delivery fails (and is logged), the second succeeds.
    const receiver = await startWebhookReceiver('a-secret-of-sixteen+', (n) => (n === 1 ? 500 : 200))
    const port = await freePort()
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...env,
        PORT: String(port),
        LEAD_WEBHOOK_URL: receiver.url,
        LEAD_WEBHOOK_SECRET: 'a-secret-of-sixteen+',
        LEAD_RETRY_BASE_MS: '10',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let log = ''
    server.stdout!.on('data', (chunk) => (log += chunk))
    server.stderr!.on('data', (chunk) => (log += chunk))
    const base = `http://127.0.0.1:${port}`
    for (
      let i = 0;
      i < 300 &&
      !(await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 100))

    const post = (body: unknown) =>
      fetch(`${base}/api/appDev?email=${encodeURIComponent(person.email)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': person.ip_address },
        body: JSON.stringify(body),
      })
    expect((await post(person)).status).toBeLessThan(300)
    expect((await post({ ...person, email: `${person.name} <${person.email}>` })).status).toBe(400)
    for (let i = 0; i < 100 && receiver.received.length === 0; i++) await new Promise((r) => setTimeout(r, 100))
    expect(receiver.requests()).toBeGreaterThanOrEqual(2)
    server.kill('SIGTERM')
    await new Promise((resolve) => server!.once('exit', resolve))
    await receiver.close()

    // The log is there and says what happened, without whom it happened to.
    expect(log).toContain('"statusCode":400')
    expect(log).toMatch(/delivery|webhook/i)
    for (const trace of traces) expect(log, trace).not.toContain(trace)
  })

  it("finds one person's records, erases them after a dry run, and logs only counts", async () => {
    const found = await leadsCommand('find', '--email', 'ZELDA.Quixote@example.org')
    const held = JSON.parse(found.stdout) as { leads: { name: string; phone: string }[]; deliveries: { status: string }[] }
    expect(held.leads.map((l) => [l.name, l.phone])).toEqual([[person.name, '4155559876']])
    expect(held.deliveries.map((d) => d.status)).toEqual(['delivered'])

    const dryRun = await leadsCommand('erase', '--email', person.email)
    expect(dryRun.stdout).toContain('Dry run: 1 lead(s) and 1 delivery record(s)')
    expect(JSON.parse((await leadsCommand('find', '--email', person.email)).stdout).leads).toHaveLength(1)

    const erased = await leadsCommand('erase', '--email', person.email, '--confirm')
    expect(erased.stdout).toContain('Erased 1 lead(s) and 1 delivery record(s)')
    expect(JSON.parse(erased.stderr)).toMatchObject({ action: 'leads:erase', leads: 1, deliveries: 1 })
    expect(JSON.parse((await leadsCommand('find', '--email', person.email)).stdout)).toEqual({ leads: [], deliveries: [] })
    for (const output of [found.stderr, dryRun.stderr, erased.stderr])
      for (const trace of traces) expect(output).not.toContain(trace)
  })

  it('purges by hand with the retention period the notice states, and says what it removed', async () => {
    // One setting: the build writes it beside the site for the server, and into the notice's words.
    const { retentionDays } = JSON.parse(readFileSync('dist/.site/manifest.json', 'utf8')) as { retentionDays: number }
    expect(readFileSync('dist/privacy.html', 'utf8')).toContain(`We keep a request for ${retentionDays} days after it arrives`)
    const purged = await leadsCommand('purge')
    expect(purged.stdout).toContain(`Removed 0 lead(s) older than ${retentionDays} days and 0 delivery record(s).`)
    expect(JSON.parse(purged.stderr)).toMatchObject({ action: 'leads:purge', leads: 0, deliveries: 0 })
  })

  it('keeps a lead past the period that was never delivered, and says how many and why', async () => {
    const { retentionDays } = JSON.parse(readFileSync('dist/.site/manifest.json', 'utf8')) as { retentionDays: number }
    await storeLeads(['owed@example.org', 'owed@example.org'], { channels: ['webhook'], giveUpAt: Date.now() + 60_000 })
    // Stored long before the retention period began, its delivery still pending.
    const file = new Database(databasePath)
    file.prepare("update leads set created_at = '2001-01-01T00:00:00.000Z' where email = 'owed@example.org'").run()
    file.close()
    const purged = await leadsCommand('purge')
    expect(purged.stdout).toContain(`Removed 0 lead(s) older than ${retentionDays} days and 0 delivery record(s).`)
    expect(purged.stdout).toContain('Kept 2 lead(s) past the retention period that the sales team has not had yet')
    expect(JSON.parse(purged.stderr)).toMatchObject({ action: 'leads:purge', leads: 0, deliveries: 0, undelivered: 2 })
    expect(JSON.parse((await leadsCommand('find', '--email', 'owed@example.org')).stdout).leads).toHaveLength(2)
  })

  it("finds and erases nothing of kate's under a look-alike address, and says why", async () => {
    await storeLeads(['kate@example.com'], { channels: [], giveUpAt: Date.now() })
    const lookAlike = '\u212Aate@example.com'
    for (const args of [['find'], ['erase'], ['erase', '--confirm']])
      await expect(leadsCommand(...args.slice(0, 1), '--email', lookAlike, ...args.slice(1))).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining(`leads:${args[0]} not run: --email: the address holds U+212A, a character outside ASCII`),
      })
    const kate = JSON.parse((await leadsCommand('find', '--email', 'KATE@example.com')).stdout) as { leads: { email: string }[] }
    expect(kate.leads.map((l) => l.email)).toEqual(['kate@example.com'])
  })

  it('refuses an erase without an address, with its usage', async () => {
    await expect(leadsCommand('erase')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--email <address>') })
  })
})
