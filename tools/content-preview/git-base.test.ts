import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { changedFiles, PreviewUsageError, resolveBase, textAtBase } from './git-base.ts'

/** A new git repository with one commit on main holding `files`. */
function repository(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'git-base-'))
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim()
  const write = (more: Record<string, string>) => {
    for (const [file, text] of Object.entries(more)) writeFileSync(path.join(root, file), text)
  }
  const commit = (message: string) => {
    git('add', '-A')
    git('-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', 'commit', '-q', '-m', message)
    return git('rev-parse', 'HEAD')
  }
  git('init', '-q', '-b', 'main')
  write(files)
  return { root, git, write, commit, first: commit('base') }
}

describe('resolveBase', () => {
  it('uses main when there is no origin/main, and says so', () => {
    const repo = repository({ 'a.txt': 'a\n' })
    const base = resolveBase(repo.root)
    expect(base).toMatchObject({ ref: 'main', commit: repo.first, isHead: true })
    expect(base.description).toBe(`Compared with main at ${repo.first.slice(0, 7)}; uncommitted edits included.`)
  })

  it('prefers origin/main, and compares with where the branch left it, not with its later commits', () => {
    const repo = repository({ 'a.txt': 'a\n' })
    repo.git('checkout', '-q', '-b', 'edit')
    repo.write({ 'a.txt': 'edited\n' })
    repo.commit('edit')
    repo.git('checkout', '-q', 'main')
    repo.write({ 'b.txt': 'later on main\n' })
    const later = repo.commit('later')
    repo.git('update-ref', 'refs/remotes/origin/main', later)
    repo.git('checkout', '-q', 'edit')
    const base = resolveBase(repo.root)
    expect(base).toMatchObject({ ref: 'origin/main', commit: repo.first, isHead: false })
    expect(base.description).toContain(`where this branch left it, ${repo.first.slice(0, 7)}`)
    expect(changedFiles(repo.root, base.commit)).toEqual(['a.txt'])
  })

  it('names an unknown ref in one plain sentence', () => {
    const repo = repository({ 'a.txt': 'a\n' })
    expect(() => resolveBase(repo.root, 'orgin/main')).toThrow(PreviewUsageError)
    expect(() => resolveBase(repo.root, 'orgin/main')).toThrow(
      /^git knows no branch, tag or commit named 'orgin\/main'\. Pass one it knows/,
    )
    expect(() => resolveBase(repo.root, '--output=/tmp/x')).toThrow(PreviewUsageError)
  })

  it('says what to pass when neither origin/main nor main exists', () => {
    const repo = repository({ 'a.txt': 'a\n' })
    repo.git('branch', '-m', 'main', 'trunk')
    expect(() => resolveBase(repo.root)).toThrow('Neither origin/main nor main exists here. Pass the branch to compare with')
    expect(resolveBase(repo.root, 'trunk').ref).toBe('trunk')
  })
})

describe('changedFiles', () => {
  it('counts committed, staged, unstaged and new files, and both names of a rename', () => {
    const repo = repository({
      'a.txt': 'a\n',
      'b.txt': 'b\n',
      'c.txt': 'c\n',
      'moved.txt': 'a file long enough to be seen as renamed\n',
    })
    repo.write({ 'a.txt': 'committed\n' })
    repo.commit('one')
    repo.write({ 'b.txt': 'staged\n' })
    repo.git('add', 'b.txt')
    repo.write({ 'c.txt': 'unstaged\n', 'new.txt': 'untracked\n' })
    repo.git('mv', 'moved.txt', 'renamed.txt')
    expect(changedFiles(repo.root, repo.first)).toEqual(['a.txt', 'b.txt', 'c.txt', 'moved.txt', 'new.txt', 'renamed.txt'])
    expect(textAtBase(repo.root, repo.first, 'a.txt')).toBe('a\n')
    expect(textAtBase(repo.root, repo.first, 'new.txt')).toBeUndefined()
  })
})
