/**
 * `npm run preview:deploy`: after `npm run content:preview`, puts its preview build on Cloudflare
 * Pages as branch `pr-<number>` of the preview project, then writes preview/summary.md and
 * preview/comment.md with the deploy's own address as the base of every link and picture. No deploy
 * (a fork's pull request, no Cloudflare secrets, nothing built, wrangler failing) still writes both,
 * saying why there is none.
 *
 * On GitHub it runs with the default branch's code and the Cloudflare token, on the artifact the
 * pull request's code made (PREVIEW_ARTIFACT: the folder holding its `preview/` and `dist/`, default
 * this folder), which it reads as data only (artifact.ts); its own summary and comment go to `preview/` here.
 *
 * Reads: CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID (secrets), CLOUDFLARE_PAGES_PROJECT (default
 * corvane-preview), PR_NUMBER, PR_FROM_FORK ('true' for a fork), PREVIEW_ARTIFACT, and GitHub's
 * GITHUB_SERVER_URL, GITHUB_REPOSITORY and GITHUB_RUN_ID for the run's address.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ArtifactError, readReport, reportOfNothing, stagePictures, stageSite } from './artifact.ts'
import type { DeployResult, PreviewReport } from './report.ts'
import { ReportError } from './report-reader.ts'
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
  PREVIEW_ARTIFACT?: string
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

/**
 * What to deploy, or why nothing is deployed; `built` says whether content:preview built a site, and
 * `siteDir` is the folder wrangler uploads.
 */
export function planDeploy(env: DeployEnv, built: boolean, siteDir: string): DeployPlan | { skipped: string } {
  if (env.PR_FROM_FORK === 'true')
    return { skipped: 'pull requests from forks get no deploy (the repository’s Cloudflare secrets stay out of their runs)' }
  if (!env.CLOUDFLARE_API_TOKEN || !env.CLOUDFLARE_ACCOUNT_ID)
    return { skipped: 'this run has no CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID secrets, so nothing is deployed' }
  if (!built) return { skipped: 'nothing was built to deploy' }
  if (!/^\d+$/.test(env.PR_NUMBER ?? '')) return { skipped: 'this run belongs to no pull request (PR_NUMBER is not set)' }
  const project = env.CLOUDFLARE_PAGES_PROJECT || DEFAULT_PROJECT
  if (!/^[a-z0-9][a-z0-9-]{0,57}$/.test(project)) return { skipped: `'${project}' is not a Cloudflare Pages project name` }
  const branch = `pr-${env.PR_NUMBER}`
  return {
    project,
    branch,
    args: ['--yes', WRANGLER, 'pages', 'deploy', siteDir, '--project-name', project, '--branch', branch, '--commit-dirty=true'],
  }
}

/** The run's page on GitHub, whose artifact holds the pictures. */
export function runUrl(env: DeployEnv): string | undefined {
  if (!env.GITHUB_SERVER_URL || !env.GITHUB_REPOSITORY || !env.GITHUB_RUN_ID) return undefined
  return `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
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

/** The report in the artifact, or one that says why it was refused (a ReportError names the field). */
function artifactReport(previewDir: string): { report: PreviewReport; refused?: string } {
  try {
    return { report: readReport(previewDir) }
  } catch (error) {
    if (!(error instanceof ReportError)) throw error
    const refused = `preview/report.json was refused: ${error.message}`
    return { report: reportOfNothing(`${refused}. Open the content run's log.`), refused }
  }
}

/** Copies the artifact's site and pictures into a folder of its own and has wrangler upload that folder. */
function deployArtifact(root: string, artifact: string, plan: DeployPlan, stage: string): DeployResult {
  try {
    const site = stageSite(path.join(artifact, 'dist'), stage)
    const pictures = stagePictures(path.join(artifact, 'preview', 'crops'), path.join(stage, PICTURES_PATH))
    console.log(
      `Deploying ${site.files} files and ${pictures} pictures to Cloudflare Pages: project ${plan.project}, branch ${plan.branch}.`,
    )
  } catch (error) {
    if (!(error instanceof ArtifactError)) throw error
    return { skipped: `the deploy failed (the artifact's ${error.message})` }
  }
  return runWrangler(root, plan, process.env)
}

function main() {
  const root = process.cwd()
  const artifact = path.resolve(process.env.PREVIEW_ARTIFACT || root)
  const previewDir = path.join(root, 'preview')
  mkdirSync(previewDir, { recursive: true })
  const { report, refused } = artifactReport(path.join(artifact, 'preview'))
  const built = report.build === 'built' && existsSync(path.join(artifact, 'dist', 'index.html'))
  const stage = mkdtempSync(path.join(tmpdir(), 'preview-site-'))
  const plan = planDeploy(process.env, built, stage)
  try {
    const deploy = 'skipped' in plan ? plan : deployArtifact(root, artifact, plan, stage)
    writeSummaries(previewDir, report, deploy, process.env)
    console.log('url' in deploy ? `Preview: ${deploy.url}` : `No preview deployed: ${deploy.skipped}.`)
    if (refused) console.error(refused)
    if (refused || ('skipped' in deploy && deploy.skipped.startsWith('the deploy failed'))) process.exitCode = 1
  } finally {
    rmSync(stage, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main()
