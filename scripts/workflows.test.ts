import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const dir = '.github/workflows'
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f))
const scripts = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts)

/** A workflow as GitHub's own parser reads it: its errors, and the run steps of every job. */
async function read(file: string) {
  const result = parseWorkflow({ name: file, content: readFileSync(path.join(dir, file), 'utf8') }, new NoOperationTraceWriter())
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
    expect(files.sort()).toEqual(['ci.yml', 'content.yml'])
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

  it('checks content and builds the preview on a pull request, and runs the suite in ci', async () => {
    expect((await read('content.yml')).runs.join('\n')).toMatch(
      /npm run content:check[\s\S]*npm run content:preview -- --base[\s\S]*npm run preview:deploy/,
    )
    expect((await read('ci.yml')).runs.join('\n')).toContain('.ci/run')
  })

  it('writes the preview comment when the check fails, deploys with the secrets only, and removes previews on close', async () => {
    const { template } = await read('content.yml')
    const jobs = Object.fromEntries(template.jobs.map((job) => [String(job.id), job as unknown as WorkflowJob]))
    expect(Object.keys(template.events.pull_request ?? {})).toContain('types')
    expect((template.events.pull_request as { types: string[] }).types).toContain('closed')
    // The preview follows the check and runs whatever its result, unless the run is cancelled.
    expect(jobs.preview.needs?.map((need) => need.value)).toEqual(['check'])
    expect(jobs.preview.if.expr).toContain('!cancelled()')
    expect(jobs.check.if.expr).toContain("github.event.action != 'closed'")
    const steps = jobs.preview.steps
    const after = steps.slice(steps.findIndex((s) => String(s.run ?? '').includes('content:preview')) + 1)
    for (const step of after) expect(step.if?.expr, String(step.run ?? step.uses)).toContain('!cancelled()')
    const comment = steps.find((s) => String(s.uses).startsWith('actions/github-script'))!
    expect(comment.if!.expr).toContain('github.event.pull_request.head.repo.full_name == github.repository')
    // The secrets reach the deploy and the clean-up steps and nothing else.
    const text = readFileSync(path.join(dir, 'content.yml'), 'utf8')
    const raw = parse(text) as { jobs: Record<string, { steps: { run?: string; env?: Record<string, string> }[] }> }
    const withSecrets = Object.values(raw.jobs)
      .flatMap((job) => job.steps)
      .filter((step) => JSON.stringify(step.env ?? {}).includes('secrets.'))
    expect(withSecrets.map((step) => step.run)).toEqual(['npm run preview:deploy', 'npm run preview:cleanup'])
    expect(jobs.cleanup.if.expr).toContain("github.event.action == 'closed'")
    expect(jobs.cleanup.steps.map((s) => String(s.run ?? ''))).toContain('npm run preview:cleanup')
  })
})

/** The parts of a converted job these tests read. */
interface WorkflowJob {
  needs?: { value: string }[]
  if: { expr: string }
  steps: { run?: unknown; uses?: string; if?: { expr: string } }[]
}
