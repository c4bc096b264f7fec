import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  collectionFolder,
  editablePath,
  entryPath,
  mediaFolder,
  normalPath,
  pathPolicy,
  picturePath,
  ProtocolError,
} from './path-policy.ts'

const policy = pathPolicy(readFileSync('admin/config.yml', 'utf8'))

/** The refusal `check` throws: its status and message. */
function refusal(check: () => unknown) {
  try {
    check()
  } catch (error) {
    if (error instanceof ProtocolError) return { status: error.status, message: error.message }
    throw error
  }
  throw new Error('not refused')
}

describe('the local editor’s path policy (from admin/config.yml)', () => {
  it('takes the collections, the media folder and the branch from the config', () => {
    expect(policy.baseBranch).toBe('main')
    expect(policy.mediaFolder).toBe('public/images')
    expect(policy.collections.get('pages')).toEqual({ folder: 'content/pages', extension: 'yaml' })
    expect(policy.collections.get('site')).toEqual({ files: new Map([['site', 'content/site.yaml']]) })
  })

  it('allows the collections’ entries and pictures of the media folder', () => {
    expect(entryPath(policy, 'content/pages/Ai-Development.yaml')).toBe('content/pages/Ai-Development.yaml')
    expect(entryPath(policy, 'content/site.yaml')).toBe('content/site.yaml')
    expect(picturePath(policy, 'public/images/pages/new-hero.webp')).toBe('public/images/pages/new-hero.webp')
    expect(editablePath(policy, 'public/images/x.png')).toBe('public/images/x.png')
  })

  it.each([
    ['package.json'],
    ['.git/config'],
    ['.github/workflows/x.yml'],
    ['content/pages/../../package.json'],
    ['content/pages/./x.yaml'],
    ['/etc/passwd'],
    ['content\\pages\\x.yaml'],
    ['content/pages/sub/x.yaml'],
    ['content/pages/x.yml'],
    ['content/pages/.hidden.yaml'],
    ['content/projects.yaml'],
    ['content//pages/x.yaml'],
  ])('refuses %s as an entry', (file) => {
    expect(refusal(() => entryPath(policy, file, 'params.path'))).toMatchObject({
      status: 403,
      message: expect.stringContaining('params.path'),
    })
  })

  it.each([
    ['public/images/x.html'],
    ['public/images/x.PNG'],
    ['public/images/x.svg.js'],
    ['public/x.png'],
    ['public/images/.x.png'],
  ])('refuses %s as a picture', (file) => {
    expect(refusal(() => picturePath(policy, file)).status).toBe(403)
  })

  it('names the field of a value that is no path', () => {
    expect(refusal(() => normalPath(42, 'params.files[0].path'))).toEqual({
      status: 422,
      message: 'params.files[0].path must be a non-empty string',
    })
  })

  it('lists only a collection’s folder with its extension, and only the media folder', () => {
    expect(collectionFolder(policy, 'content/pages', 'yaml')).toEqual({ folder: 'content/pages', extension: 'yaml' })
    expect(refusal(() => collectionFolder(policy, 'content/pages', 'json')).status).toBe(403)
    expect(refusal(() => collectionFolder(policy, '.git', '')).status).toBe(403)
    expect(mediaFolder(policy, 'public/images')).toBe('public/images')
    // A picture field's own folder, as the form's picker asks for it.
    expect(mediaFolder(policy, 'public/images/pages')).toBe('public/images/pages')
    expect(refusal(() => mediaFolder(policy, 'public/images/../../.git')).status).toBe(403)
    expect(refusal(() => mediaFolder(policy, 'public/images-old')).status).toBe(403)
    expect(refusal(() => mediaFolder(policy, 'public')).status).toBe(403)
  })

  it('fails in one line on a config without what it needs', () => {
    expect(() => pathPolicy('collections: [{name: x}]')).toThrow(
      'admin/config.yml: collections[0].folder must be a non-empty string',
    )
  })
})
