/**
 * `npm run preview:deploy`: after `npm run content:preview`, puts the preview build (dist/) on
 * Cloudflare Pages as branch `pr-<number>` of the preview project, then writes preview/summary.md and
 * preview/comment.md with the deploy's own address as the base of every link and picture. No deploy
 * (a fork's pull request, no Cloudflare secrets, nothing built, wrangler failing) still writes both,
 * saying why there is none.
 *
 * Reads: CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID (repository secrets), CLOUDFLARE_PAGES_PROJECT
 * (default corvane-preview), PR_NUMBER, PR_FROM_FORK ('true' for a fork), and GitHub's
 * GITHUB_SERVER_URL, GITHUB_REPOSITORY and GITHUB_RUN_ID for the run's address.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { REPORT_FILE, type DeployResult, type PreviewReport } from './report.ts'
import { PICTURES_PATH, renderComment, renderSummary } from './summary.ts'
import { deploymentUrl } from './wrangler-output.ts'

/** The wrangler the deploy runs, fetched by npx: not a dependency of the project. */
export const WRANGLER = 'wrangler@4.164.0'
export const DEFAULT_PROJECT = 'corvane-preview'

export interface DeployEnv {
  CLOUDFLARE_API_TOKEN?: string
  CLOUDFLARE_ACCOUNT_ID?: string
  CLOUDFLARE_PAGES_PROJECT?: string
  PR_NUMBER?: string
  PR_FROM_FORK?: string
  GITHUB_SERVER_URL?: string
  GITHUB_REPOSITORY?: string
  GITHUB_RUN_ID?: string
}

export interface DeployPlan {
  project: string
  branch: string
  /** The arguments after `npx`. */
  args: string[]
}

/** What to deploy, or why nothing is deployed; `built` says whether content:preview built a site. */
export function planDeploy(env: DeployEnv, built: boolean): DeployPlan | { skipped: string } {
  if (env.PR_FROM_FORK === 'true')
    return { skipped: 'pull requests from forks get no deploy (the repository’s Cloudflare secrets stay out of their runs)' }
  if (!env.CLOUDFLARE_API_TOKEN || !env.CLOUDFLARE_ACCOUNT_ID)
    return { skipped: 'the repository has no CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID secrets, so nothing is deployed' }
  if (!built) return { skipped: 'nothing was built to deploy' }
  if (!/^\d+$/.test(env.PR_NUMBER ?? '')) return { skipped: 'this run belongs to no pull request (PR_NUMBER is not set)' }
  const project = env.CLOUDFLARE_PAGES_PROJECT || DEFAULT_PROJECT
  if (!/^[a-z0-9][a-z0-9-]{0,57}$/.test(project)) return { skipped: `'${project}' is not a Cloudflare Pages project name` }
  const branch = `pr-${env.PR_NUMBER}`
  return {
    project,
    branch,
    args: ['--yes', WRANGLER, 'pages', 'deploy', 'dist', '--project-name', project, '--branch', branch, '--commit-dirty=true'],
  }
}

/** The run's page on GitHub, whose artifact holds the pictures. */
export function runUrl(env: DeployEnv): string | undefined {
  if (!env.GITHUB_SERVER_URL || !env.GITHUB_REPOSITORY || !env.GITHUB_RUN_ID) return undefined
  return `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
}

/** The report content:preview wrote, or one that says it wrote none (it failed before the end). */
export function readReport(previewDir: string): PreviewReport {
  const file = path.join(previewDir, REPORT_FILE)
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as PreviewReport
  return {
    base: 'The preview stopped before it could say what changed: open the run log for the error.',
    check: { ok: true, text: '', leftOut: [] },
    build: 'failed',
    pages: [],
    otherFiles: [],
    pictureLimit: 0,
  }
}

/** The cropped pictures into the deploy, where the comment's pictures point. */
function copyPictures(root: string) {
  const crops = path.join(root, 'preview', 'crops')
  if (!existsSync(crops) || readdirSync(crops).length === 0) return
  const target = path.join(root, 'dist', PICTURES_PATH)
  mkdirSync(target, { recursive: true })
  cpSync(crops, target, { recursive: true })
}

/** Runs wrangler; its output is shown as it comes and read for the deploy's address. */
function runWrangler(root: string, plan: DeployPlan, env: NodeJS.ProcessEnv): DeployResult {
  const run = spawnSync('npx', plan.args, { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const output = `${run.stdout ?? ''}\n${run.stderr ?? ''}`
  process.stderr.write(output)
  const url = run.status === 0 ? deploymentUrl(output, plan.project) : undefined
  if (url) return { url }
  const reason =
    output
      .split('\n')
      .find((line) => /ERROR|error/.test(line))
      ?.trim() ?? `wrangler exited with ${run.status}`
  return { skipped: `the deploy failed (${reason.slice(0, 200)})` }
}

export function writeSummaries(previewDir: string, report: PreviewReport, deploy: DeployResult, env: DeployEnv) {
  const summary = renderSummary(report, deploy)
  writeFileSync(path.join(previewDir, 'summary.md'), summary)
  writeFileSync(path.join(previewDir, 'comment.md'), renderComment(summary, runUrl(env)))
  writeFileSync(path.join(previewDir, 'deploy.json'), JSON.stringify(deploy))
}

function main() {
  const root = process.cwd()
  const previewDir = path.join(root, 'preview')
  mkdirSync(previewDir, { recursive: true })
  const report = readReport(previewDir)
  const built = report.build === 'built' && existsSync(path.join(root, 'dist', 'index.html'))
  const plan = planDeploy(process.env, built)
  let deploy: DeployResult = 'skipped' in plan ? plan : { skipped: 'not deployed yet' }
  if (!('skipped' in plan)) {
    copyPictures(root)
    console.log(`Deploying dist/ to Cloudflare Pages: project ${plan.project}, branch ${plan.branch}.`)
    deploy = runWrangler(root, plan, process.env)
  }
  writeSummaries(previewDir, report, deploy, process.env)
  console.log('url' in deploy ? `Preview: ${deploy.url}` : `No preview deployed: ${deploy.skipped}.`)
  if ('skipped' in deploy && deploy.skipped.startsWith('the deploy failed')) process.exit(1)
}

if (import.meta.url === `file://${process.argv[1]}`) main()
