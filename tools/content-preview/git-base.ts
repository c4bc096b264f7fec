/**
 * What a preview compares with: the point where this branch left the base branch (the merge base),
 * and every file that differs from it in the working tree, committed or not.
 */
import { execFileSync } from 'node:child_process'

/** A mistake of the person running the preview (a mistyped branch): one line for them, exit 2. */
export class PreviewUsageError extends Error {}

/** The branches tried, in order, when no --base is given. */
const DEFAULT_BASES = ['origin/main', 'main']

const git = (root: string, ...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 })

/** The commit a ref names, or undefined when git knows no such ref. */
function commitOf(root: string, ref: string): string | undefined {
  try {
    return git(root, 'rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`).trim() || undefined
  } catch {
    return undefined
  }
}

export interface PreviewBase {
  /** The ref as given, or the default branch found. */
  ref: string
  /** The commit the preview compares with: where HEAD left `ref`, or `ref` itself when they share no history. */
  commit: string
  /** One line saying what is compared with what, for the first line of the output and the summary. */
  description: string
  /** Whether the base is HEAD's own commit, so only uncommitted edits can differ. */
  isHead: boolean
}

/**
 * The base of a preview: `requested` (any ref git knows), or by default origin/main, then main.
 * A ref git does not know, or no default branch, is a PreviewUsageError saying what to pass.
 */
export function resolveBase(root: string, requested?: string): PreviewBase {
  try {
    git(root, 'rev-parse', '--git-dir')
  } catch {
    throw new PreviewUsageError(`${root} is not a git checkout: the preview compares your files with a git branch.`)
  }
  const candidates = requested ? [requested] : DEFAULT_BASES
  const ref = candidates.find((candidate) => commitOf(root, candidate))
  if (!ref)
    throw new PreviewUsageError(
      requested
        ? `git knows no branch, tag or commit named '${requested}'. Pass one it knows, e.g. --base origin/main (see: git branch -a).`
        : `Neither origin/main nor main exists here. Pass the branch to compare with: npm run content:preview -- --base <branch>.`,
    )
  const target = commitOf(root, ref)!
  const head = commitOf(root, 'HEAD')
  let commit = target
  try {
    if (head) commit = git(root, 'merge-base', target, head).trim() || target
  } catch {
    // No shared history (a branch made from nothing): compare with the ref itself.
  }
  const short = commit.slice(0, 7)
  const where = commit === target ? `at ${short}` : `where this branch left it, ${short}`
  return {
    ref,
    commit,
    description: `Compared with ${ref} ${where}; uncommitted edits included.`,
    isHead: commit === head,
  }
}

/**
 * Files that differ between the base commit and the working tree: committed, staged, unstaged, and
 * new files git does not ignore. A renamed file counts under both names.
 */
export function changedFiles(root: string, commit: string): string[] {
  // -z: the names as they are, not C-quoted ("a\"b") as git prints unusual ones line by line.
  const tracked = git(root, 'diff', '--name-only', '-z', '--no-renames', commit, '--')
  const untracked = git(root, 'ls-files', '-z', '--others', '--exclude-standard')
  return [...new Set([...tracked.split('\0'), ...untracked.split('\0')].filter(Boolean))].sort()
}

/** A file's text at the base commit, or undefined when it did not exist there. */
export function textAtBase(root: string, commit: string, file: string): string | undefined {
  try {
    return git(root, 'show', `${commit}:${file}`)
  } catch {
    return undefined
  }
}

/** The files under `dirs` as the base commit holds them, as a tar archive. */
export function archiveAtBase(root: string, commit: string, dirs: string[]): Buffer {
  const present = dirs.filter((dir) => git(root, 'ls-tree', '--name-only', commit, '--', dir).trim())
  if (present.length === 0) return Buffer.alloc(0)
  return execFileSync('git', ['archive', '--format=tar', commit, '--', ...present], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 512 * 1024 * 1024,
  })
}

/** The project's files as a checkout holds them (tracked and new, not ignored), relative to root. */
export function workingFiles(root: string): string[] {
  return git(root, 'ls-files', '--cached', '--others', '--exclude-standard').split('\n').filter(Boolean)
}
