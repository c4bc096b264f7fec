import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gitActions } from './git-backend.ts'
import { pathPolicy, type ProtocolError } from './path-policy.ts'
import { runAction, type Actions, type Params } from './protocol.ts'

const policy = pathPolicy(readFileSync('admin/config.yml', 'utf8'))
const PAGE = 'content/pages/Ai-Development.yaml'
const BRANCH = 'cms/pages/Ai-Development'
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

let repo: string
let actions: Actions
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim()
const call = (action: string, params: Params = {}) => runAction(actions, action, { branch: 'main', ...params })
const refusal = (action: string, params: Params) =>
  call(action, params).then(
    () => {
      throw new Error(`${action} was not refused`)
    },
    (error: ProtocolError) => ({ status: error.status, message: error.message }),
  )
const headingOf = (text: string) => /^title1: (.*)$/m.exec(text)![1]
const saveHeading = (heading: string, status = 'draft') =>
  call('persistEntry', {
    dataFiles: [
      {
        slug: 'Ai-Development',
        path: PAGE,
        raw: readFileSync(path.join(repo, PAGE), 'utf8').replace(/^title1: .*$/m, `title1: ${heading}`),
      },
    ],
    assets: [],
    options: { collectionName: 'pages', commitMessage: `Update “${heading}”`, useWorkflow: true, status },
  })

beforeAll(async () => {
  repo = mkdtempSync(path.join(tmpdir(), 'cms-git-'))
  cpSync('content', path.join(repo, 'content'), { recursive: true })
  cpSync('public', path.join(repo, 'public'), { recursive: true })
  git('init', '-q', '-b', 'main')
  git('config', 'user.name', 'Test')
  git('config', 'user.email', 'test@example.com')
  git('add', '.')
  git('commit', '-q', '-m', 'content as it is')
  actions = await gitActions(repo, policy)
})

afterAll(() => rmSync(repo, { recursive: true, force: true }))

describe('the git mode of the local backend (editorial workflow)', () => {
  it('saves an entry as a commit on its branch, touching neither the checkout nor the working copy', async () => {
    const before = readFileSync(path.join(repo, PAGE), 'utf8')
    await saveHeading('First heading')
    await saveHeading('Second heading')
    expect(git('symbolic-ref', '--short', 'HEAD')).toBe('main')
    expect(git('status', '--porcelain')).toBe('')
    expect(readFileSync(path.join(repo, PAGE), 'utf8')).toBe(before)
    expect(git('diff', '--name-only', 'main', BRANCH)).toBe(PAGE)
    expect(headingOf(git('show', `${BRANCH}:${PAGE}`))).toBe('Second heading')
    expect(git('log', '--format=%s', `main..${BRANCH}`).split('\n')).toEqual([
      'Update “Second heading”',
      'Update “First heading”',
    ])
  })

  it('answers the workflow’s questions about the branch: its entries, files and status', async () => {
    expect(await call('unpublishedEntries')).toEqual(['pages/Ai-Development'])
    const entry = (await call('unpublishedEntry', { id: 'pages/Ai-Development' })) as Record<string, unknown>
    expect(entry).toMatchObject({
      collection: 'pages',
      slug: 'Ai-Development',
      status: 'draft',
      diffs: [{ path: PAGE, newFile: false }],
    })
    const { data } = (await call('unpublishedEntryDataFile', {
      collection: 'pages',
      slug: 'Ai-Development',
      path: PAGE,
      id: PAGE,
    })) as { data: string }
    expect(headingOf(data)).toBe('Second heading')
    await call('updateUnpublishedEntryStatus', { collection: 'pages', slug: 'Ai-Development', newStatus: 'pending_publish' })
    expect(git('config', `branch.${BRANCH}.description`)).toBe('decap-cms/pending_publish')
    expect(await refusal('unpublishedEntry', { collection: 'pages', slug: 'Nothing-Here' })).toMatchObject({ status: 404 })
    expect(
      await refusal('updateUnpublishedEntryStatus', { collection: 'pages', slug: 'Ai-Development', newStatus: 'x\n[core]' }),
    ).toMatchObject({
      status: 422,
    })
  })

  it('reads entries from the branch’s last commit, not from uncommitted edits', async () => {
    const committed = readFileSync(path.join(repo, 'content/site.yaml'), 'utf8')
    writeFileSync(path.join(repo, 'content/site.yaml'), `${committed}# not committed\n`)
    const entry = (await call('getEntry', { path: 'content/site.yaml' })) as { data: string }
    expect(entry.data).toBe(committed)
    git('checkout', '--', 'content/site.yaml')
  })

  it('publishes: merges the branch into the checked-out main, updates the working copy and deletes the branch', async () => {
    writeFileSync(path.join(repo, PAGE), `${readFileSync(path.join(repo, PAGE), 'utf8')}# local edit\n`)
    expect(await refusal('publishUnpublishedEntry', { collection: 'pages', slug: 'Ai-Development' })).toMatchObject({
      status: 409,
      message: expect.stringContaining(`${PAGE} has changes not committed`),
    })
    git('checkout', '--', PAGE)
    await call('publishUnpublishedEntry', { collection: 'pages', slug: 'Ai-Development' })
    expect(headingOf(git('show', `main:${PAGE}`))).toBe('Second heading')
    expect(headingOf(readFileSync(path.join(repo, PAGE), 'utf8'))).toBe('Second heading')
    expect(git('status', '--porcelain')).toBe('')
    expect(git('branch', '--list', 'cms/*')).toBe('')
    expect(git('log', '-1', '--format=%p', 'main').split(' ')).toHaveLength(2)
  })

  it('commits a picture from the media library to main and writes it to the working copy', async () => {
    const asset = { path: 'public/images/pages/new.png', content: PNG.toString('base64'), encoding: 'base64' }
    await call('persistMedia', { asset, options: { commitMessage: 'Upload new.png' } })
    expect(readFileSync(path.join(repo, asset.path))).toEqual(PNG)
    expect(git('log', '-1', '--format=%s', 'main')).toBe('Upload new.png')
    expect(git('status', '--porcelain')).toBe('')
    await call('deleteFiles', { paths: [asset.path], options: { commitMessage: 'Delete new.png' } })
    expect(existsSync(path.join(repo, asset.path))).toBe(false)
    expect(git('status', '--porcelain')).toBe('')
  })

  it('refuses a branch other than the config’s, and files outside the collections on a branch', async () => {
    expect(await refusal('getEntry', { branch: 'other', path: PAGE })).toMatchObject({
      status: 422,
      message: expect.stringContaining("params.branch must be 'main'"),
    })
    const hook = { slug: 'x', path: '.git/hooks/post-commit', raw: '#!/bin/sh\n' }
    expect(
      await refusal('persistEntry', {
        dataFiles: [hook],
        assets: [],
        options: { collectionName: 'pages', commitMessage: 'x', useWorkflow: true, status: 'draft' },
      }),
    ).toMatchObject({ status: 403 })
    expect(
      await refusal('unpublishedEntryDataFile', { collection: 'pages', slug: 'Ai-Development', path: 'package.json', id: 'x' }),
    ).toMatchObject({
      status: 403,
    })
    expect(existsSync(path.join(repo, '.git/hooks/post-commit'))).toBe(false)
  })
})
