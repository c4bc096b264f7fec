import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import {
  convertWorkflowTemplate,
  isBasicExpression,
  isLiteral,
  isMapping,
  isSequence,
  NoOperationTraceWriter,
  parseWorkflow,
} from '@actions/workflow-parser'
import { describe, expect, it } from 'vitest'

const dir = '.github/workflows'
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f))
const scripts = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts)

const parsed = (file: string) =>
  parseWorkflow({ name: file, content: readFileSync(path.join(dir, file), 'utf8') }, new NoOperationTraceWriter())

/** A workflow as GitHub's own parser reads it: its errors, and the run steps of every job. */
async function read(file: string) {
  const result = parsed(file)
  const template = await convertWorkflowTemplate(result.context, result.value!)
  const runs = template.jobs
    .flatMap((job) => ('steps' in job ? job.steps : []))
    .flatMap((step) => ('run' in step ? [String(step.run)] : []))
  return {
    errors: [...result.context.errors.getErrors(), ...(template.errors ?? [])].map((e) =>
      'message' in e ? e.message : e.Message,
    ),
    template,
    runs,
  }
}

describe('GitHub workflows', () => {
  it('has the ci and content workflows', () => {
    expect(files.sort()).toEqual(['ci.yml', 'content.yml', 'preview.yml'])
  })

  it.each(files)('%s is valid workflow syntax for GitHub’s parser', async (file) => {
    const { errors, template } = await read(file)
    expect(errors).toEqual([])
    expect(template.jobs.length).toBeGreaterThan(0)
  })

  it.each(files)('%s runs only npm scripts that exist, and .ci/run', async (file) => {
    const { runs } = await read(file)
    const named = runs.flatMap((run) => [...run.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]))
    for (const name of named) expect(scripts).toContain(name)
    for (const run of runs) expect(run).toMatch(/npm (ci|run [\w:-]+)|\.ci\/run|apt-get|GITHUB_STEP_SUMMARY/)
  })

  it('reports a workflow GitHub would refuse', () => {
    const result = parseWorkflow(
      {
        name: 'broken.yml',
        content: 'on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    stepz:\n      - run: npm test\n',
      },
      new NoOperationTraceWriter(),
    )
    expect(result.context.errors.getErrors().length).toBeGreaterThan(0)
  })

  it('checks content and builds the preview on a pull request, deploys and removes it, and runs the suite in ci', async () => {
    expect((await read('content.yml')).runs.join('\n')).toMatch(/npm run content:check[\s\S]*npm run content:preview -- --base/)
    expect((await read('preview.yml')).runs.join('\n')).toMatch(/npm run preview:deploy[\s\S]*npm run preview:cleanup/)
    expect((await read('ci.yml')).runs.join('\n')).toContain('.ci/run')
  })

  it('builds the preview whatever the check says, and deploys and comments after it, or removes the deploys on close', async () => {
    const { template } = await read('content.yml')
    const jobs = Object.fromEntries(template.jobs.map((job) => [String(job.id), job as unknown as WorkflowJob]))
    // The preview follows the check and runs whatever its result, unless the run is cancelled.
    expect(jobs.preview.needs?.map((need) => need.value)).toEqual(['check'])
    expect(jobs.preview.if.expr).toContain('!cancelled()')
    const steps = jobs.preview.steps
    const after = steps.slice(steps.findIndex((s) => String(s.run ?? '').includes('content:preview')) + 1)
    for (const step of after) expect(step.if?.expr, String(step.run ?? step.uses)).toContain('!cancelled()')
    const { name, jobs: preview, on } = definition('preview.yml')
    // The deploy follows every finished content run; the clean-up every closed pull request.
    expect(on.workflow_run).toEqual({ workflows: [definition('content.yml').name], types: ['completed'] })
    expect(on.pull_request_target.types).toEqual(['closed'])
    expect(name).toBe('preview')
    expect(preview.deploy.if).toContain("github.event.workflow_run.conclusion != 'cancelled'")
    expect(preview.cleanup.if).toContain("github.event_name == 'pull_request_target'")
    // A fork's pull request gets neither a deploy nor a comment (its token could not write one).
    expect(preview.deploy.if).toContain('github.event.workflow_run.head_repository.full_name == github.repository')
    expect(preview.cleanup.if).toContain('github.event.pull_request.head.repo.full_name == github.repository')
    const comment = preview.deploy.steps.find((s) => s.uses?.startsWith('actions/github-script'))!
    expect(comment.if).toContain('!cancelled()')
    expect(comment.with?.script).toContain("fs.readFileSync('preview/comment.md', 'utf8')")
  })
})

/** A step as written: what it runs or uses, with what, and its environment. */
interface Step {
  if?: string
  run?: string
  uses?: string
  with?: Record<string, string>
  env?: Record<string, string>
}

interface Job {
  if?: string
  environment?: string
  permissions?: Record<string, string> | string
  env?: Record<string, string>
  steps: Step[]
}

/** The token tree GitHub's parser made of a workflow, as plain values: an expression as `${{ … }}`. */
function plain(token: NonNullable<ReturnType<typeof parseWorkflow>['value']>): unknown {
  if (isMapping(token)) return Object.fromEntries([...token].map((pair) => [String(plain(pair.key)), plain(pair.value)]))
  if (isSequence(token)) return [...token].map(plain)
  if (isBasicExpression(token)) return `\${{ ${token.expression} }}`
  if (isLiteral(token)) return token.toJSON()
  throw new Error(`unexpected ${token.typeName()} in a workflow`)
}

/** A workflow as GitHub's parser reads it, every key and value as written (the converted template drops `with` and `permissions`). */
function definition(file: string) {
  const result = parsed(file)
  expect(result.context.errors.getErrors()).toEqual([])
  return plain(result.value!) as {
    name: string
    on: Record<string, Record<string, unknown>>
    permissions?: Job['permissions']
    jobs: Record<string, Job>
  }
}

/** Events that run the workflow file of the default branch, not the one on the pull request's branch. */
const DEFAULT_BRANCH_EVENTS = ['workflow_run', 'pull_request_target']
/** The refs a job holding a secret may check out: the default branch, or the pull request's base. */
const BASE_REFS = [
  '${{ github.event.repository.default_branch }}',
  '${{ github.event.pull_request.base.ref }}',
  '${{ github.event.pull_request.base.sha }}',
]
/** All a job holding a secret runs: an install without install scripts, the deploy's scripts, its summary. */
const TRUSTED_RUNS = [
  /^npm ci --ignore-scripts( --no-audit| --no-fund)*$/,
  /^npm run preview:(deploy|cleanup)$/,
  /^cat preview\/summary\.md >> "\$GITHUB_STEP_SUMMARY" \|\| true$/,
]
const TRUSTED_ACTIONS = [
  'actions/checkout@v4',
  'actions/setup-node@v4',
  'actions/download-artifact@v4',
  'actions/github-script@v7',
]

const mentionsSecret = (value: unknown) => /\bsecrets\.|\bgithub\.token\b/.test(JSON.stringify(value))
const workflows = files.map((file) => ({ file, ...definition(file) }))
const allJobs = workflows.flatMap(({ file, on, jobs }) =>
  Object.entries(jobs).map(([id, job]) => ({ id: `${file} ${id}`, on, job })),
)
const withSecrets = allJobs.filter(({ job }) => mentionsSecret(job))

describe('the Cloudflare token and the pull request’s code', () => {
  it('only the deploy and the clean-up hold a secret, each in the step that needs it', () => {
    expect(withSecrets.map(({ id }) => id)).toEqual(['preview.yml deploy', 'preview.yml cleanup'])
    const steps = withSecrets.flatMap(({ job }) => job.steps.filter((step) => /\bsecrets\./.test(JSON.stringify(step))))
    expect(steps.map((step) => step.run)).toEqual(['npm run preview:deploy', 'npm run preview:cleanup'])
    for (const { job } of withSecrets) expect(JSON.stringify(job.env ?? {})).not.toMatch(/secrets\./)
  })

  it.each(withSecrets.map(({ id }) => id))('%s runs the default branch’s code only', (id) => {
    const { on, job } = withSecrets.find((j) => j.id === id)!
    // Its workflow file is the default branch's, and its secrets are the environment's, which admits that branch only.
    expect(
      Object.keys(on).every((event) => DEFAULT_BRANCH_EVENTS.includes(event)),
      Object.keys(on).join(),
    ).toBe(true)
    expect(job.environment).toBe('content-preview')
    // The code it runs is checked out from the base, first, before anything else happens.
    const checkouts = job.steps.filter((step) => step.uses?.startsWith('actions/checkout'))
    expect(checkouts).toHaveLength(1)
    expect(job.steps[0]).toBe(checkouts[0])
    expect(BASE_REFS).toContain(checkouts[0].with?.ref)
    expect(checkouts[0].with?.['persist-credentials']).toBe('false')
    // Nothing but the base's install, without install scripts, and the base's own npm scripts.
    for (const step of job.steps) {
      if (step.run !== undefined)
        expect(
          TRUSTED_RUNS.some((run) => run.test(step.run!)),
          step.run,
        ).toBe(true)
      else expect(TRUSTED_ACTIONS, step.uses).toContain(step.uses)
    }
    expect(job.steps.some((step) => step.run?.startsWith('npm ci'))).toBe(true)
    // The pull request's build arrives as data, outside the checkout, so it cannot stand in for the base's files.
    const outsideCheckout = "${{ format('{0}/content-preview', runner.temp) }}"
    for (const download of job.steps.filter((step) => step.uses?.startsWith('actions/download-artifact'))) {
      expect(download.with).toMatchObject({ name: 'content-preview', path: outsideCheckout })
      expect(download.with?.['run-id']).toBe('${{ github.event.workflow_run.id }}')
      const deploy = job.steps.find((step) => step.run === 'npm run preview:deploy')!
      expect(deploy.env?.PREVIEW_ARTIFACT).toBe(outsideCheckout)
    }
  })

  it('the pull request’s code runs only in jobs that hold no secret and may only read', () => {
    const onPullRequest = allJobs.filter(({ on }) => Object.keys(on).some((event) => !DEFAULT_BRANCH_EVENTS.includes(event)))
    expect(onPullRequest.map(({ id }) => id)).toEqual(['ci.yml test', 'content.yml check', 'content.yml preview'])
    for (const { id, job } of onPullRequest) {
      expect(mentionsSecret(job), id).toBe(false)
      const permissions = job.permissions ?? workflows.find((w) => id.startsWith(`${w.file} `))!.permissions
      expect(permissions, id).toEqual({ contents: 'read' })
    }
    // The preview build, with the pull request's install scripts, hands its work on as an artifact only.
    const build = allJobs.find(({ id }) => id === 'content.yml preview')!.job
    expect(build.steps.map((step) => step.run ?? '')).toContain('npm ci --no-audit --no-fund')
    const upload = build.steps.find((step) => step.uses?.startsWith('actions/upload-artifact'))!
    expect(upload.with).toMatchObject({ name: 'content-preview', path: 'preview/\ndist/\n' })
  })
})

/** The parts of a converted job these tests read. */
interface WorkflowJob {
  needs?: { value: string }[]
  if: { expr: string }
  steps: { run?: unknown; uses?: string; if?: { expr: string } }[]
}
