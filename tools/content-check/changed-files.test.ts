import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { changedFiles, changedInGit, fileList, positionalArgs } from './changed-files.ts'

const outsideGit = mkdtempSync(path.join(tmpdir(), 'changed-files-'))

describe('the changed files', () => {
  it('are read from a list separated by commas, spaces or line breaks', () => {
    expect(fileList('content/pages/a.yaml, ./content/pages/b.yaml\ncontent\\pages\\c.yaml  ')).toEqual([
      'content/pages/a.yaml',
      'content/pages/b.yaml',
      'content/pages/c.yaml',
    ])
  })

  it('are those named after --changed, before the variable', () => {
    const env = { CONTENT_CHANGED_FILES: 'content/pages/env.yaml' }
    expect([...changedFiles(outsideGit, ['--changed', 'content/pages/a.yaml,content/site.yaml'], env)]).toEqual([
      'content/pages/a.yaml',
      'content/site.yaml',
    ])
    expect([...changedFiles(outsideGit, ['--changed=content/pages/a.yaml'], env)]).toEqual(['content/pages/a.yaml'])
  })

  it('are those of CONTENT_CHANGED_FILES without --changed', () => {
    const env = { CONTENT_CHANGED_FILES: 'content/pages/env.yaml' }
    expect([...changedFiles(outsideGit, [], env)]).toEqual(['content/pages/env.yaml'])
  })

  it('are none where git cannot say', () => {
    expect(changedInGit(outsideGit, 'origin/main')).toBeUndefined()
    expect(changedFiles(outsideGit, [], {}).size).toBe(0)
  })

  it('are asked of git in a repository, against a base that may not be fetched', () => {
    expect(changedInGit(process.cwd(), 'origin/no-such-branch')).toBeInstanceOf(Set)
  })

  it('leave the root among the arguments', () => {
    expect(positionalArgs(['/site', '--changed', 'a.yaml'])).toEqual(['/site'])
    expect(positionalArgs(['--changed', 'a.yaml', '/site'])).toEqual(['/site'])
    expect(positionalArgs(['--changed=a.yaml'])).toEqual([])
  })
})
