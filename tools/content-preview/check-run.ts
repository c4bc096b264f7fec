/**
 * `npm run content:check` run for the preview, its report kept for the summary: the Markdown it
 * writes for a job summary when it writes one, else its text. Its annotations are left out: the
 * check job has already put them on the pull request.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export interface CheckRun {
  ok: boolean
  text: string
  markdown?: string
}

export function runContentCheck(root: string): CheckRun {
  const dir = mkdtempSync(path.join(tmpdir(), 'content-check-'))
  const summaryFile = path.join(dir, 'summary.md')
  try {
    const run = spawnSync('npm', ['run', '--silent', 'content:check'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, GITHUB_STEP_SUMMARY: summaryFile },
      maxBuffer: 64 * 1024 * 1024,
    })
    const text = `${run.stdout ?? ''}\n${run.stderr ?? ''}`
      .split('\n')
      .filter((line) => !line.startsWith('::'))
      .join('\n')
      .trim()
    const markdown = existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8').trim() || undefined : undefined
    return { ok: run.status === 0, text, markdown }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
