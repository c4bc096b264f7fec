/**
 * The files a change touches, so the content check reports their problems first. Paths are relative
 * to the project root, with forward slashes, as problems name their files.
 */
import { execFileSync } from 'node:child_process'

/** Files as a caller lists them: separated by commas, spaces or line breaks; a leading ./ dropped. */
export const fileList = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((file) => file.replace(/\\/g, '/').replace(/^\.\//, ''))

/** What git prints, or undefined where it cannot answer (no git, not a repository, the base not fetched). */
function git(root: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 })
  } catch {
    return undefined
  }
}

const lines = (text: string | undefined) => (text ?? '').split('\n').filter(Boolean)

/**
 * The files changed since this branch left `base`, committed or not, and new files git does not
 * ignore; without `base` at hand (a shallow clone), the uncommitted ones only. Undefined when git
 * cannot say.
 */
export function changedInGit(root: string, base: string): Set<string> | undefined {
  const forkPoint = git(root, ['merge-base', base, 'HEAD'])?.trim()
  const edited = git(root, ['diff', '--name-only', '--relative', forkPoint || 'HEAD'])
  const added = git(root, ['ls-files', '--others', '--exclude-standard'])
  if (edited === undefined && added === undefined) return undefined
  return new Set([...lines(edited), ...lines(added)])
}

/**
 * The changed files: those named after `--changed` (`--changed a.yaml,b.yaml` or `--changed=…`),
 * else those of CONTENT_CHANGED_FILES, else git's answer against the pull request's base branch
 * (GITHUB_BASE_REF) or main; none when git cannot say.
 */
export function changedFiles(root: string, args: readonly string[], env: Record<string, string | undefined>): Set<string> {
  const flag = args.findIndex((arg) => arg === '--changed' || arg.startsWith('--changed='))
  if (flag >= 0) return new Set(fileList(args[flag].startsWith('--changed=') ? args[flag].slice(10) : (args[flag + 1] ?? '')))
  if (env.CONTENT_CHANGED_FILES !== undefined) return new Set(fileList(env.CONTENT_CHANGED_FILES))
  return changedInGit(root, `origin/${env.GITHUB_BASE_REF || 'main'}`) ?? new Set()
}

/** The arguments that are not options: `--changed` and the list after it left out. */
export function positionalArgs(args: readonly string[]): string[] {
  return args.filter((arg, i) => !arg.startsWith('--changed') && args[i - 1] !== '--changed')
}
