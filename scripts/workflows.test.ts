import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser'
import { describe, expect, it } from 'vitest'

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
    expect((await read('content.yml')).runs.join('\n')).toMatch(/npm run content:check[\s\S]*npm run content:preview -- --base/)
    expect((await read('ci.yml')).runs.join('\n')).toContain('.ci/run')
  })
})
