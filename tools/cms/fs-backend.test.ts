import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fsActions } from './fs-backend.ts'
import { pathPolicy, ProtocolError } from './path-policy.ts'
import { runAction, type Actions, type Params } from './protocol.ts'

const policy = pathPolicy(readFileSync('admin/config.yml', 'utf8'))
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

let work: string
let repo: string
let outside: string
let actions: Actions
const call = (action: string, params: Params = {}) => runAction(actions, action, params)

/** The status and message a call is refused with. */
const refusal = (action: string, params: Params) =>
  call(action, params).then(
    () => {
      throw new Error(`${action} was not refused`)
    },
    (error: ProtocolError) => ({ status: error.status, message: error.message }),
  )

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'cms-fs-'))
  repo = path.join(work, 'repo')
  outside = path.join(work, 'outside.txt')
  writeFileSync(outside, 'not the editor’s\n')
  for (const dir of ['content', 'public']) cpSync(dir, path.join(repo, dir), { recursive: true })
  writeFileSync(path.join(repo, 'package.json'), '{}\n')
  actions = await fsActions(repo, policy)
})

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('the fs mode of the local backend', () => {
  it('lists a collection’s entries with their text', async () => {
    const entries = (await call('entriesByFolder', { branch: 'main', folder: 'content/pages', extension: 'yaml', depth: 1 })) as {
      data: string
      file: { path: string }
    }[]
    expect(entries.length).toBeGreaterThan(10)
    const first = entries.find((entry) => entry.file.path === 'content/pages/Ai-Development.yaml')!
    expect(first.data).toBe(readFileSync('content/pages/Ai-Development.yaml', 'utf8'))
  })

  it('writes an entry and a picture where the form saves them', async () => {
    const raw = readFileSync(path.join(repo, 'content/site.yaml'), 'utf8').replace(/\n$/, '\n# edited\n')
    await call('persistEntry', {
      branch: 'main',
      dataFiles: [{ slug: 'site', path: 'content/site.yaml', raw }],
      assets: [{ path: 'public/images/pages/new.png', content: PNG.toString('base64'), encoding: 'base64' }],
      options: { commitMessage: 'Update site', useWorkflow: false },
    })
    expect(readFileSync(path.join(repo, 'content/site.yaml'), 'utf8')).toBe(raw)
    expect(readFileSync(path.join(repo, 'public/images/pages/new.png'))).toEqual(PNG)
    const media = (await call('getMediaFile', { branch: 'main', path: 'public/images/pages/new.png' })) as { content: string }
    expect(Buffer.from(media.content, 'base64')).toEqual(PNG)
  })

  it('refuses a script as a picture, and files outside the collections', async () => {
    const script = { path: 'public/images/x.html', content: Buffer.from('<script>').toString('base64'), encoding: 'base64' }
    expect(await refusal('persistMedia', { branch: 'main', asset: script, options: { commitMessage: 'x' } })).toMatchObject({
      status: 403,
    })
    const entry = { slug: 'x', path: 'package.json', raw: '{"scripts":{}}' }
    expect(await refusal('persistEntry', { branch: 'main', dataFiles: [entry], assets: [], options: {} })).toMatchObject({
      status: 403,
    })
    expect(readFileSync(path.join(repo, 'package.json'), 'utf8')).toBe('{}\n')
    expect(existsSync(path.join(repo, 'public/images/x.html'))).toBe(false)
  })

  it('refuses a picture the content check would refuse: an SVG that runs script, a page named .png', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    const upload = (name: string, body: string) => ({
      branch: 'main',
      asset: { path: `public/images/pages/${name}`, content: Buffer.from(body).toString('base64'), encoding: 'base64' },
      options: { commitMessage: 'x' },
    })
    expect(await refusal('persistMedia', upload('logo.svg', svg))).toMatchObject({
      status: 422,
      message: expect.stringMatching(/logo\.svg/),
    })
    expect(await refusal('persistMedia', upload('photo.png', '<!doctype html><script>alert(1)</script>'))).toMatchObject({
      status: 422,
    })
    expect(existsSync(path.join(repo, 'public/images/pages/logo.svg'))).toBe(false)
    expect(existsSync(path.join(repo, 'public/images/pages/photo.png'))).toBe(false)
  })

  it('follows no symbolic link out of a collection, for a file or a folder', async () => {
    symlinkSync(outside, path.join(repo, 'content/pages/Linked.yaml'))
    mkdirSync(path.join(work, 'elsewhere'))
    symlinkSync(path.join(work, 'elsewhere'), path.join(repo, 'public/images/linked'))
    expect(await refusal('getEntry', { branch: 'main', path: 'content/pages/Linked.yaml' })).toMatchObject({ status: 403 })
    const write = { slug: 'Linked', path: 'content/pages/Linked.yaml', raw: 'pwned: true\n' }
    expect(await refusal('persistEntry', { branch: 'main', dataFiles: [write], assets: [], options: {} })).toMatchObject({
      status: 403,
    })
    const picture = { path: 'public/images/linked/x.png', content: PNG.toString('base64'), encoding: 'base64' }
    expect(await refusal('persistMedia', { branch: 'main', asset: picture, options: { commitMessage: 'x' } })).toMatchObject({
      status: 403,
    })
    expect(readFileSync(outside, 'utf8')).toBe('not the editor’s\n')
    expect(existsSync(path.join(work, 'elsewhere/x.png'))).toBe(false)
  })

  it('names the field a malformed request lacks, and the actions it knows', async () => {
    expect(await refusal('getEntry', { branch: 'main' })).toEqual({
      status: 422,
      message: 'params.path must be a non-empty string',
    })
    expect(await refusal('persistEntry', { branch: 'main', dataFiles: 'x' })).toEqual({
      status: 422,
      message: 'params.dataFiles must be an array of objects',
    })
    expect(await refusal('unpublishedEntries', { branch: 'main' })).toMatchObject({
      status: 422,
      message: expect.stringContaining("unknown action 'unpublishedEntries'"),
    })
  })
})
