import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../tools/server-process.ts'

/**
 * The production recipe of the README, in a clean folder: the built dist/ and build/, the package
 * files, `npm ci --omit=dev`, then `npm run serve`. Nothing from the development dependencies is
 * there, so a server that still needs one fails here.
 */
const repo = process.cwd()
const release = mkdtempSync(path.join(tmpdir(), 'release-'))
let server: ChildProcess | undefined
let url = ''

beforeAll(async () => {
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(repo, file), path.join(release, file))
  for (const dir of ['dist', 'build']) cpSync(path.join(repo, dir), path.join(release, dir), { recursive: true })
  // Install scripts are skipped only to spare the two minutes better-sqlite3 takes to compile: its
  // compiled addon, built for this machine's Node by the repository's own install, is copied in.
  execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: release,
    stdio: 'pipe',
  })
  const addon = 'node_modules/better-sqlite3/build/Release'
  mkdirSync(path.join(release, addon), { recursive: true })
  copyFileSync(path.join(repo, addon, 'better_sqlite3.node'), path.join(release, addon, 'better_sqlite3.node'))

  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  server = spawn('npm', ['run', 'serve'], {
    cwd: release,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_PATH: path.join(release, 'data/leads.sqlite'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  })
  for (let waited = 0; waited < 20_000; waited += 100) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('the production server did not answer /api/health within 20 s')
}, 180_000)

afterAll(() => {
  // npm runs the server as its child: end the whole group.
  if (server?.pid) process.kill(-server.pid, 'SIGTERM')
})

describe('production: npm ci --omit=dev, then npm run serve', () => {
  it('installs no development tool', () => {
    // Some development dependencies (ajv, yaml) are also what a production package uses inside; the
    // build tools never are.
    const tools = [
      'vite',
      'tsx',
      'typescript',
      'vitest',
      'jsdom',
      'playwright-core',
      'json-schema-to-typescript',
      'js-yaml',
      'yaml',
      '@vitejs/plugin-react',
    ]
    const devDependencies = Object.keys(JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')).devDependencies)
    expect(tools.filter((tool) => !devDependencies.includes(tool))).toEqual([])
    expect(tools.filter((tool) => existsSync(path.join(release, 'node_modules', tool)))).toEqual([])
  })

  it('serves a landing page', async () => {
    const response = await fetch(`${url}/ai/Ai-Development`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<h1')
  })

  it('stores a lead', async () => {
    const response = await fetch(`${url}/api/appDev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        contact: '(415) 555-0142',
        url: '',
        message: 'A pilot, please.',
        query: 'Talk to Expert query',
        ip_address: '',
      }),
    })
    expect(response.status).toBe(201)
    expect(existsSync(path.join(release, 'data/leads.sqlite'))).toBe(true)
  })

  it('serves the blogs from the build manifest', async () => {
    const body = (await (await fetch(`${url}/api/blogs/blog`)).json()) as { blogs: { custom_url: string }[]; total: number }
    expect(body.total).toBe(readdirSync(path.join(repo, 'content/blogs')).length)
    expect(body.blogs[0].custom_url).toMatch(/^[a-z0-9-]+$/)
  })
})
