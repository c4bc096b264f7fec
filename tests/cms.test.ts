/**
 * `npm run cms` as a hostile neighbour meets it: the real server (startCms, both modes) over a
 * temporary git repository with a package.json and a workflow, asked for the files an attacker
 * wants, from the wrong host, another origin, without the tab's cookie and with malformed bodies.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_PROXY_PATH } from '../admin/names.ts'
import { startCms } from '../tools/cms.ts'

const ROOT = process.cwd()
/** Files an attacker would write to run code on the next install, push or git command. */
const TARGETS = ['package.json', '.git/config', '.github/workflows/x.yml', '.github/workflows/ci.yml']

let work: string
const servers: Awaited<ReturnType<typeof startCms>>[] = []

/** A repository of the content with files worth attacking, committed. */
function makeRepo(name: string): string {
  const repo = path.join(work, name)
  for (const dir of ['content', 'public']) cpSync(path.join(ROOT, dir), path.join(repo, dir), { recursive: true })
  writeFileSync(path.join(repo, 'package.json'), '{"scripts":{}}\n')
  mkdirSync(path.join(repo, '.github/workflows'), { recursive: true })
  writeFileSync(path.join(repo, '.github/workflows/ci.yml'), 'on: push\n')
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo })
  git('init', '-q', '-b', 'main')
  git('add', '.')
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'as it is')
  // A picture that is a link out of the media folder, as a careless copy or a hostile checkout may hold.
  symlinkSync('../../package.json', path.join(repo, 'public/images/leak.png'))
  return repo
}

/** The files an attacker wants, as they are now (undefined: absent). */
const snapshot = (repo: string) =>
  TARGETS.map((file) => (existsSync(path.join(repo, file)) ? readFileSync(path.join(repo, file), 'utf8') : undefined))

/** An HTTP request with the headers given as they are (fetch would set Host itself). */
function send(
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>(
    (resolve, reject) => {
      const outgoing = request(url, { method, headers }, (answer) => {
        let text = ''
        answer.setEncoding('utf8')
        answer.on('data', (chunk: string) => (text += chunk))
        answer.on('end', () => resolve({ status: answer.statusCode!, headers: answer.headers, text }))
      })
      outgoing.on('error', reject)
      outgoing.end(body)
    },
  )
}

/** Signs in as the opened tab does: the one-time address, exchanged for the session cookie. */
async function signIn(cms: (typeof servers)[number]) {
  const answer = await send(cms.signInUrl())
  expect([answer.status, answer.headers.location]).toEqual([303, '/admin/'])
  const cookie = String(answer.headers['set-cookie'])
  expect(cookie).toMatch(/HttpOnly; SameSite=Strict/)
  return cookie.split(';')[0]
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'cms-test-'))
  const outDir = path.join(work, 'out')
  for (const mode of ['fs', 'git'] as const)
    servers.push(await startCms({ root: ROOT, repo: makeRepo(mode), mode, port: 0, outDir, quiet: true }))
}, 240_000)

afterAll(async () => {
  for (const cms of servers) await cms.close()
  rmSync(work, { recursive: true, force: true })
})

describe.each([
  ['fs', 0],
  ['git', 1],
])('npm run cms in %s mode', (mode, index) => {
  const cms = () => servers[index]
  const repo = () => path.join(work, mode)
  const api = async (body: unknown, headers: Record<string, string> = {}) => {
    const answer = await send(`${cms().url}${LOCAL_PROXY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    return { status: answer.status, type: answer.headers['content-type'], json: JSON.parse(answer.text) as { error?: string } }
  }

  it('writes and reads nothing outside the collections and the media folder', async () => {
    const cookie = await signIn(cms())
    const before = snapshot(repo())
    const options = { commitMessage: 'x', useWorkflow: mode === 'git', status: 'draft', collectionName: 'pages' }
    for (const file of TARGETS) {
      const entry = { slug: 'x', path: file, raw: '[core]\n\tfsmonitor = touch /tmp/pwned\n' }
      const asset = { path: file, content: Buffer.from('x').toString('base64'), encoding: 'base64' }
      const writes = [
        { action: 'persistEntry', params: { branch: 'main', dataFiles: [entry], assets: [], options } },
        {
          action: 'persistEntry',
          params: { branch: 'main', dataFiles: [{ ...entry, path: 'content/pages/x.yaml', newPath: file }], assets: [], options },
        },
        { action: 'persistMedia', params: { branch: 'main', asset, options } },
        { action: 'deleteFiles', params: { branch: 'main', paths: [file], options } },
        { action: 'getEntry', params: { branch: 'main', path: file } },
        { action: 'getMediaFile', params: { branch: 'main', path: file } },
      ]
      for (const body of writes) {
        const answer = await api(body, { cookie })
        expect([body.action, file, answer.status, answer.json.error]).toEqual([
          body.action,
          file,
          403,
          expect.stringContaining(file),
        ])
      }
    }
    expect(
      (await api({ action: 'entriesByFolder', params: { branch: 'main', folder: '.git', extension: '', depth: 1 } }, { cookie }))
        .status,
    ).toBe(403)
    expect(snapshot(repo())).toEqual(before)
    // The same cookie reads what the form edits.
    const page = await api(
      { action: 'getEntry', params: { branch: 'main', path: 'content/pages/Ai-Development.yaml' } },
      { cookie },
    )
    expect(page.status).toBe(200)
  })

  it('answers only its own host and origin, and only the signed-in tab', async () => {
    const cookie = await signIn(cms())
    const info = { action: 'info' }
    expect((await api(info, { cookie })).json).toMatchObject({ type: mode === 'git' ? 'local_git' : 'local_fs' })
    const rebound = await api(info, { cookie, host: `attacker.example:${new URL(cms().url).port}` })
    expect([rebound.status, rebound.json.error]).toEqual([403, expect.stringContaining("not at the host 'attacker.example")])
    const foreign = await api(info, { cookie, origin: 'http://127.0.0.1:1' })
    expect(foreign.status).toBe(403)
    expect((await api(info)).status).toBe(401)
    expect((await api(info, { cookie: 'cms-session-1=guess' })).status).toBe(401)
    expect((await send(`${cms().url}/admin/`)).status).toBe(401)
    expect((await send(`${cms().url}/admin/`, { headers: { cookie } })).status).toBe(200)
  })

  it('takes each printed address once', async () => {
    const url = cms().signInUrl()
    expect((await send(url)).status).toBe(303)
    const again = await send(url)
    expect([again.status, again.text]).toEqual([401, expect.stringContaining('used already')])
  })

  it('answers a body that is no object with a JSON error naming what is wrong', async () => {
    const cookie = await signIn(cms())
    for (const body of ['[]', '"info"', 'null', '42']) {
      const answer = await api(body, { cookie })
      expect([body, answer.status, answer.type, answer.json.error]).toEqual([
        body,
        422,
        expect.stringContaining('application/json'),
        expect.stringContaining('the body must be a JSON object'),
      ])
    }
    const broken = await api('{"action":', { cookie })
    expect([broken.status, broken.type]).toEqual([400, expect.stringContaining('application/json')])
    expect(broken.json.error).not.toMatch(/\/(?:work|home|tmp)\//)
    const unknown = await api({ action: 'runCommand', params: {} }, { cookie })
    expect([unknown.status, unknown.json.error]).toEqual([422, expect.stringContaining("unknown action 'runCommand'")])
  })
})
