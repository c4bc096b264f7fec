import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { activeMarkdown } from '../../tests/support/markdown-reach.ts'
import { markdownText } from '../content-check/report.ts'
import { ArtifactError, readReport, SITE_LIMITS, stagePictures, stageSite } from './artifact.ts'
import { planDeploy, WRANGLER, writeSummaries } from './deploy.ts'
import type { PreviewReport } from './report.ts'
import { parseReport } from './report-reader.ts'
import { COMMENT_MARKER } from './summary.ts'

const secrets = { CLOUDFLARE_API_TOKEN: 'token', CLOUDFLARE_ACCOUNT_ID: 'account', PR_NUMBER: '12', PR_FROM_FORK: 'false' }
const tempDir = (name: string) => mkdtempSync(path.join(tmpdir(), `${name}-`))
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

describe('planDeploy', () => {
  it('deploys the given folder with the pinned wrangler as branch pr-<number>', () => {
    expect(planDeploy(secrets, true, '/tmp/site')).toEqual({
      project: 'corvane-preview',
      branch: 'pr-12',
      args: [
        '--yes',
        WRANGLER,
        'pages',
        'deploy',
        '/tmp/site',
        '--project-name',
        'corvane-preview',
        '--branch',
        'pr-12',
        '--commit-dirty=true',
      ],
    })
    expect(WRANGLER).toMatch(/^wrangler@\d+\.\d+\.\d+$/)
  })

  it('skips, saying why, for a fork, without secrets, without a build or a pull request', () => {
    expect(planDeploy({ ...secrets, PR_FROM_FORK: 'true' }, true, 'x')).toEqual({ skipped: expect.stringContaining('forks') })
    expect(planDeploy({ ...secrets, CLOUDFLARE_API_TOKEN: '' }, true, 'x')).toEqual({
      skipped: expect.stringContaining('CLOUDFLARE_API_TOKEN'),
    })
    expect(planDeploy(secrets, false, 'x')).toEqual({ skipped: 'nothing was built to deploy' })
    expect(planDeploy({ ...secrets, PR_NUMBER: '' }, true, 'x')).toEqual({ skipped: expect.stringContaining('PR_NUMBER') })
    expect(planDeploy({ ...secrets, CLOUDFLARE_PAGES_PROJECT: 'x; rm -rf /' }, true, 'x')).toEqual({
      skipped: expect.stringContaining('not a Cloudflare'),
    })
  })
})

describe('writeSummaries', () => {
  it('writes a summary and a comment even when content:preview left no report', () => {
    const dir = tempDir('deploy')
    const report = readReport(dir)
    expect(report.build).toBe('failed')
    writeSummaries(
      dir,
      report,
      { skipped: 'nothing was built to deploy' },
      {
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: 'o/r',
        GITHUB_RUN_ID: '7',
      },
    )
    const comment = readFileSync(path.join(dir, 'comment.md'), 'utf8')
    expect(comment.startsWith(COMMENT_MARKER)).toBe(true)
    expect(comment).toContain('open the run log')
    expect(comment).toContain('**No preview deployed:** nothing was built to deploy.')
    expect(comment).toContain('(https://github.com/o/r/actions/runs/7)')
    expect(readFileSync(path.join(dir, 'summary.md'), 'utf8')).not.toContain(COMMENT_MARKER)
  })
})

/** A file name a pull request may carry: it closes a code span and adds a mention, a picture and a link. */
const HOSTILE = 'content/`x` @someone ![x](https://evil.example/p.png) [link](https://evil.example).yaml'
const DEPLOY_URL = 'https://1a2b3c4d.corvane-preview.pages.dev'
const RUN_URL = 'https://github.com/o/r/actions/runs/7'

/** A report that carries HOSTILE wherever content:preview writes a file name, and an editor's words. */
function hostileReport(): PreviewReport {
  return {
    base: `Compared with ${HOSTILE}`,
    check: {
      ok: false,
      problems: [{ name: 'YamlSyntax', file: HOSTILE, line: 1, column: 1, field: HOSTILE, message: HOSTILE, hint: HOSTILE }],
      changed: [HOSTILE],
      leftOut: [HOSTILE],
    },
    build: 'built',
    pages: [
      {
        route: '/ai/Ai-Development',
        file: HOSTILE,
        status: 'edited',
        facts: { title: HOSTILE, words: 1, links: 1, images: 1, gzipBytes: 1 },
        changes: [],
        unpictured: [HOSTILE],
        crops: [{ key: 'faq-1', label: HOSTILE, files: [{ width: 375, after: 'crops/ai-Ai-Development--faq-1-375-after.png' }] }],
        fullPages: [],
      },
      { route: '/ai/Other', file: HOSTILE, status: 'edited', changes: [], unpictured: [], crops: [], fullPages: [] },
    ],
    siteWide: {
      files: [HOSTILE],
      routes: ['/'],
      changes: [{ field: HOSTILE, kind: 'edited', before: { lead: HOSTILE, changed: HOSTILE, trail: HOSTILE } }],
      pictured: [],
    },
    otherFiles: [HOSTILE],
    pictureLimit: 12,
  }
}

/** The comment renders no mention, and every picture and link it renders points at the deploy or the run. */
function expectInert(comment: string) {
  const active = activeMarkdown(comment)
  expect(active.mentions).toEqual([])
  for (const target of [...active.images, ...active.links])
    expect(
      [DEPLOY_URL, RUN_URL].some((u) => target.startsWith(u)),
      target,
    ).toBe(true)
  expect(active.links).toContain(`${DEPLOY_URL}/ai/Ai-Development`)
  expect(comment).not.toContain('![')
  expect(comment).not.toContain('evil.example')
  // The names are still there to read, in monospace where they are file names.
  expect(comment).toContain(`<code>${markdownText(HOSTILE)}</code>`)
}

describe('the preview comment, with hostile file names', () => {
  it('the check finds a mention, a picture and a link in the names as written', () => {
    const raw = activeMarkdown(`\`${HOSTILE}\` and ${HOSTILE}`)
    expect(raw.mentions).toContain('@someone')
    expect(raw.images).toContain('https://evil.example/p.png')
    expect(raw.links).toContain('https://evil.example')
  })

  it('renders none of them, read back from report.json as the deploy reads it', () => {
    const dir = tempDir('hostile')
    writeFileSync(path.join(dir, 'report.json'), JSON.stringify(hostileReport()))
    writeSummaries(
      dir,
      readReport(dir),
      { url: DEPLOY_URL },
      { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '7' },
    )
    expectInert(readFileSync(path.join(dir, 'comment.md'), 'utf8'))
    expectInert(readFileSync(path.join(dir, 'summary.md'), 'utf8'))
  })
})

describe('report.json, read as data', () => {
  const refusal = (change: (report: Record<string, unknown>) => void) => {
    const report = JSON.parse(JSON.stringify(hostileReport())) as Record<string, unknown>
    change(report)
    return () => parseReport(JSON.stringify(report))
  }
  const page = (report: Record<string, unknown>) => (report.pages as Record<string, unknown>[])[0]

  it('refuses a field of the wrong form, naming it', () => {
    expect(refusal((r) => (page(r).route = '//evil.example/x'))).toThrow(/^pages\[0\]\.route is not a site address/)
    expect(refusal((r) => (page(r).route = '/\\evil.example'))).toThrow(/^pages\[0\]\.route /)
    expect(
      refusal((r) => ((page(r).crops as { files: { after: string }[] }[])[0].files[0].after = 'crops/x.png" onerror="x.png')),
    ).toThrow(/^pages\[0\]\.crops\[0\]\.files\[0\]\.after is not a picture under crops\//)
    expect(refusal((r) => ((r.check as { problems: { line: unknown }[] }).problems[0].line = '1'))).toThrow(
      /^check\.problems\[0\]\.line is not a whole number/,
    )
    expect(refusal((r) => (r.build = 'deployed'))).toThrow(/^build is not one of built, failed/)
    expect(refusal((r) => (r.otherFiles = 'x'))).toThrow(/^otherFiles is not a list/)
    expect(() => parseReport('{')).toThrow('the report is not JSON')
    expect(() => parseReport('[]')).toThrow('the report is not a group of fields')
  })

  it('keeps only the fields it knows', () => {
    const report = parseReport(
      JSON.stringify({ ...hostileReport(), extra: 'x', check: { ...hostileReport().check, markdown: '![x](y)' } }),
    )
    expect(report).not.toHaveProperty('extra')
    expect(report.check).not.toHaveProperty('markdown')
    expect(report).toEqual(hostileReport())
  })
})

describe('the artifact’s site and pictures, staged for upload', () => {
  const site = () => {
    const dist = tempDir('dist')
    mkdirSync(path.join(dist, 'ai'))
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>')
    writeFileSync(path.join(dist, 'ai', 'X.html'), '<!doctype html>')
    return dist
  }
  const staged = (dist: string) => () => stageSite(dist, tempDir('stage'))

  it('copies the regular files of the build into a folder of its own', () => {
    const stage = tempDir('stage')
    expect(stageSite(site(), stage)).toEqual({ files: 2, bytes: 30 })
    expect(readFileSync(path.join(stage, 'ai', 'X.html'), 'utf8')).toBe('<!doctype html>')
  })

  it('refuses links, a worker, control characters in names, the pictures’ folder and files past Cloudflare’s size', () => {
    const withLink = site()
    symlinkSync('/etc/passwd', path.join(withLink, 'ai', 'secret.html'))
    expect(staged(withLink)).toThrow(new ArtifactError('dist/ai/secret.html is not a regular file or folder (a link?)'))
    const withWorker = site()
    writeFileSync(path.join(withWorker, '_worker.js'), 'export default {}')
    expect(staged(withWorker)).toThrow('dist/_worker.js would run as a worker on Cloudflare')
    const withNewline = site()
    writeFileSync(path.join(withNewline, 'a\n::error::forged'), '')
    expect(staged(withNewline)).toThrow('dist/a?::error::forged has a control character in its name')
    const withPictures = site()
    mkdirSync(path.join(withPictures, '_preview'))
    expect(staged(withPictures)).toThrow('dist/_preview is where the deploy puts')
    const withLarge = site()
    writeFileSync(path.join(withLarge, 'big.bin'), '')
    truncateSync(path.join(withLarge, 'big.bin'), SITE_LIMITS.fileBytes + 1)
    expect(staged(withLarge)).toThrow('dist/big.bin is over 25 MiB')
  })

  it('copies PNG crops named as the preview names them, and refuses anything else', () => {
    const crops = tempDir('crops')
    writeFileSync(path.join(crops, 'index--menu-375-after.png'), PNG)
    const target = path.join(tempDir('stage'), '_preview')
    expect(stagePictures(crops, target)).toBe(1)
    expect(readFileSync(path.join(target, 'index--menu-375-after.png'))).toEqual(PNG)
    writeFileSync(path.join(crops, 'page.svg'), '<svg/>')
    expect(() => stagePictures(crops, tempDir('stage'))).toThrow('preview/crops/page.svg is not named like a crop')
    const fake = tempDir('crops')
    writeFileSync(path.join(fake, 'x-375-after.png'), '<html>')
    expect(() => stagePictures(fake, tempDir('stage'))).toThrow('preview/crops/x-375-after.png is not a PNG picture')
  })
})

describe('npm run preview:deploy on an artifact', () => {
  /**
   * An artifact as the content workflow uploads it, the run's own folder apart, and on PATH an `npx`
   * standing in for wrangler (no Cloudflare here): it lists the folder it was given to deploy and
   * answers as wrangler does.
   */
  function run(artifactFiles: (artifact: string) => void) {
    const artifact = tempDir('artifact')
    mkdirSync(path.join(artifact, 'preview', 'crops'), { recursive: true })
    mkdirSync(path.join(artifact, 'dist'))
    writeFileSync(path.join(artifact, 'preview', 'report.json'), JSON.stringify(hostileReport()))
    writeFileSync(path.join(artifact, 'preview', 'crops', 'ai-Ai-Development--faq-1-375-after.png'), PNG)
    writeFileSync(path.join(artifact, 'dist', 'index.html'), '<!doctype html>')
    artifactFiles(artifact)
    const bin = tempDir('bin')
    const uploaded = path.join(bin, 'uploaded.txt')
    writeFileSync(
      path.join(bin, 'npx'),
      `#!/bin/sh\ncd "$5" && find . -type f | sort > "${uploaded}"\necho "Deployment complete! Take a peek over at ${DEPLOY_URL}"\n`,
    )
    chmodSync(path.join(bin, 'npx'), 0o755)
    const cwd = tempDir('run')
    const result = spawnSync(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), path.resolve('tools/content-preview/deploy.ts')],
      {
        cwd,
        encoding: 'utf8',
        env: {
          ...secrets,
          PATH: `${bin}:${process.env.PATH}`,
          PREVIEW_ARTIFACT: artifact,
          GITHUB_SERVER_URL: 'https://github.com',
          GITHUB_REPOSITORY: 'o/r',
          GITHUB_RUN_ID: '7',
        },
      },
    )
    const read = (file: string) => readFileSync(file, 'utf8')
    return {
      result,
      uploaded: () => read(uploaded).trim().split('\n'),
      comment: () => read(path.join(cwd, 'preview', 'comment.md')),
    }
  }

  it('uploads the checked copy of the site with the pictures, and writes an inert comment beside itself', () => {
    const { result, uploaded, comment } = run(() => {})
    expect(result.status, result.stdout + result.stderr).toBe(0)
    expect(uploaded()).toEqual(['./_preview/ai-Ai-Development--faq-1-375-after.png', './index.html'])
    expectInert(comment())
  })

  it('uploads nothing from an artifact with a worker, and says why', () => {
    const { result, comment } = run((artifact) => writeFileSync(path.join(artifact, 'dist', '_worker.js'), 'export default {}'))
    expect(result.status).toBe(1)
    expect(comment()).toContain(
      markdownText("the deploy failed (the artifact's dist/_worker.js would run as a worker on Cloudflare)"),
    )
  })

  it('refuses a report with a field of the wrong form, naming it, and deploys nothing', () => {
    const { result, comment } = run((artifact) =>
      writeFileSync(path.join(artifact, 'preview', 'report.json'), JSON.stringify({ ...hostileReport(), pictureLimit: -1 })),
    )
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('preview/report.json was refused: pictureLimit is not a whole number of 0 or more')
    expect(comment()).toContain('nothing was built to deploy')
  })
})
