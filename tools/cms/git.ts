/**
 * The git CLI for the git mode, run with execFile (no shell; every ref fully spelt out and paths
 * after `--`), and the plumbing a save needs: branches' files are read from their trees and a save
 * becomes a commit made on a temporary index, so the editor never checks a branch out and never
 * touches the working copy or the index of the person using the repository, except to bring the
 * files a commit changed up to date when it moved the branch that is checked out (syncWorkingCopy).
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ProtocolError } from './path-policy.ts'

/** A git command that failed: its exit code and first line of stderr. */
export class GitError extends Error {
  constructor(
    readonly code: number | undefined,
    message: string,
  ) {
    super(message)
  }
}

interface RunOptions {
  input?: Buffer | string
  env?: Record<string, string>
}

/** A tree entry: a regular file's mode and blob, or a removal (`sha` null). */
export interface TreeChange {
  path: string
  mode: string
  sha: string | null
}

const REGULAR_FILE = /^100(?:644|755)$/

/** The records of a `-z` output: its NUL-separated entries, the empty ones dropped. */
const records = (out: Buffer) => out.toString('utf8').split('\0').filter(Boolean)

/** A repository's refs, trees and commits, as the git mode uses them. */
export class GitRepository {
  constructor(readonly repo: string) {}

  /** Runs git in the repository; its stdout, or a GitError with stderr's first line. */
  private git(args: string[], { input, env }: RunOptions = {}): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        args,
        {
          cwd: this.repo,
          encoding: 'buffer',
          maxBuffer: 256 * 1024 * 1024,
          // No prompts; paths are literal (a `*` in a name is no pattern); reading commands take no lock
          // a person's own git command would then meet.
          env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_LITERAL_PATHSPECS: '1', GIT_OPTIONAL_LOCKS: '0', ...env },
        },
        (error, stdout, stderr) => {
          if (!error) return resolve(stdout)
          const line = stderr.toString('utf8').trim().split('\n')[0] || error.message
          reject(new GitError(typeof error.code === 'number' ? error.code : undefined, `git ${args[0]}: ${line}`))
        },
      )
      // A command that exits before reading its input closes the pipe; its exit code tells what happened.
      child.stdin!.on('error', () => undefined)
      child.stdin!.end(input)
    })
  }

  private async text(args: string[], options?: RunOptions) {
    return (await this.git(args, options)).toString('utf8').trim()
  }

  /** `ls-tree` of `commit` at `paths`: each entry's mode, type, blob and path. */
  private async lsTree(commit: string, paths: string[]) {
    return records(await this.git(['ls-tree', '-z', '--full-tree', commit, '--', ...paths])).map((line) => {
      const [mode, type, sha] = line.slice(0, line.indexOf('\t')).split(' ')
      return { mode, type, sha, path: line.slice(line.indexOf('\t') + 1) }
    })
  }

  /** The commit at the tip of `branch`, or undefined when there is no such branch. */
  async tip(branch: string): Promise<string | undefined> {
    try {
      return await this.text(['rev-parse', '--verify', '--quiet', '--end-of-options', `refs/heads/${branch}^{commit}`])
    } catch {
      return undefined
    }
  }

  /** The branches under `prefix` (e.g. `cms/`), without refs/heads/. */
  async branches(prefix: string): Promise<string[]> {
    const out = await this.text(['for-each-ref', '--format=%(refname:lstrip=2)', `refs/heads/${prefix}`])
    return out ? out.split('\n') : []
  }

  /** The branch checked out in the working copy, or undefined (a detached HEAD). */
  checkedOut(): Promise<string | undefined> {
    return this.text(['symbolic-ref', '--quiet', '--short', 'HEAD']).catch(() => undefined)
  }

  /** The top folder of the working copy the repository is in. */
  topLevel() {
    return this.text(['rev-parse', '--show-toplevel'])
  }

  /** The bytes of `file` in `commit`, undefined when absent; a symbolic link or submodule there is refused. */
  async read(commit: string, file: string): Promise<Buffer | undefined> {
    const [entry] = await this.lsTree(commit, [file])
    if (!entry) return undefined
    if (!REGULAR_FILE.test(entry.mode))
      throw new ProtocolError(403, `'${file}' is not a regular file in git (mode ${entry.mode})`)
    return this.git(['cat-file', 'blob', entry.sha])
  }

  /** The regular files directly in `folder` of `commit`. */
  async list(commit: string, folder: string): Promise<string[]> {
    return (await this.lsTree(commit, [`${folder}/`])).filter((entry) => REGULAR_FILE.test(entry.mode)).map((entry) => entry.path)
  }

  /** Whether `ancestor` is `commit` or one of its ancestors. */
  isAncestor(ancestor: string, commit: string): Promise<boolean> {
    return this.git(['merge-base', '--is-ancestor', ancestor, commit]).then(
      () => true,
      (error: GitError) => (error.code === 1 ? false : Promise.reject(error)),
    )
  }

  mergeBase(a: string, b: string) {
    return this.text(['merge-base', a, b])
  }

  /** What `to` changed since `from`: each file's new mode and blob, or its removal, with git's status letter (A, M, D…). */
  async changes(from: string, to: string): Promise<(TreeChange & { status: string })[]> {
    const out = (await this.git(['diff-tree', '-r', '-z', '--no-renames', from, to])).toString('utf8').split('\0')
    const changes: (TreeChange & { status: string })[] = []
    for (let at = 0; at + 1 < out.length; at += 2) {
      if (!out[at].startsWith(':')) break
      const [, newMode, , newSha, status] = out[at].slice(1).split(' ')
      changes.push({ path: out[at + 1], mode: newMode, sha: status === 'D' ? null : newSha, status })
    }
    return changes
  }

  /** The blob of `data`, written to the object store. */
  hashBlob(data: Buffer) {
    return this.text(['hash-object', '-w', '--stdin'], { input: data })
  }

  /** The tree of `base` with `changes` applied, made on an index of its own. */
  async writeTree(base: string, changes: TreeChange[]): Promise<string> {
    const folder = await mkdtemp(path.join(tmpdir(), 'cms-index-'))
    const env = { GIT_INDEX_FILE: path.join(folder, 'index') }
    try {
      await this.git(['read-tree', base], { env })
      const lines = changes.map((change) =>
        change.sha === null ? `0 ${'0'.repeat(40)}\t${change.path}\0` : `${change.mode} ${change.sha}\t${change.path}\0`,
      )
      await this.git(['update-index', '-z', '--index-info'], { env, input: lines.join('') })
      return await this.text(['write-tree'], { env })
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  }

  /** A commit of `tree` with `parents`, unsigned (a prompt for a key would hang the save). */
  commitTree(tree: string, parents: string[], message: string) {
    return this.text(['commit-tree', '--no-gpg-sign', tree, ...parents.flatMap((parent) => ['-p', parent]), '-m', message])
  }

  /** Moves `branch` to `commit` if it is still at `expected` (undefined: a new branch). */
  updateBranch(branch: string, commit: string, expected: string | undefined, message: string) {
    return this.git(['update-ref', '-m', message, `refs/heads/${branch}`, commit, expected ?? '0'.repeat(40)])
  }

  deleteBranch(branch: string) {
    return this.git(['branch', '-D', '--', branch])
  }

  /** Paths of `paths` with changes in the working copy or index (untracked ones included). */
  async localChanges(paths: string[]): Promise<string[]> {
    const out = await this.git(['status', '--porcelain', '-z', '--untracked-files=all', '--', ...paths])
    return records(out).map((line) => line.slice(3))
  }

  /**
   * Brings `present` and `removed` of the index to HEAD and `present` of the working copy too, after
   * the checked-out branch moved; the caller deletes the removed files.
   */
  async syncWorkingCopy(present: string[], removed: string[]) {
    await this.git(['reset', '--quiet', 'HEAD', '--', ...present, ...removed])
    if (present.length > 0) await this.git(['checkout', 'HEAD', '--', ...present])
  }

  configGet(key: string) {
    return this.text(['config', '--get', key]).catch(() => '')
  }

  configSet(key: string, value: string) {
    return this.git(['config', key, value])
  }

  commitDate(commit: string) {
    return this.text(['log', '-1', '--format=%cI', commit])
  }
}
