import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { storeFolder } from './store.ts'

type Checker = typeof import('./content.ts') & Pick<typeof import('./file-results.ts'), 'contentChecks'>

const projectRoot = path.resolve(import.meta.dirname, '..')
const temp = mkdtempSync(path.join(tmpdir(), 'content-cache-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

/** A site of its own: the real content and images, and a node_modules to hold its cache. */
function siteCopy(name: string): string {
  const root = path.join(temp, name)
  for (const dir of ['content', 'public']) cpSync(path.join(projectRoot, dir), path.join(root, dir), { recursive: true })
  mkdirSync(path.join(root, 'node_modules'))
  return root
}

/**
 * A project of its own: a copy of the checker with its lockfile, and the installed packages linked in
 * one by one, so that its lockfile and cache are its own. Its content is site.yaml and one page.
 */
function projectCopy(name: string): string {
  const root = path.join(temp, name)
  for (const dir of ['checker', 'codegen', 'src/core', 'schema'])
    cpSync(path.join(projectRoot, dir), path.join(root, dir), { recursive: true, filter: (f) => !f.includes('__fixtures__') })
  for (const file of ['package.json', 'package-lock.json', 'content/site.yaml', 'content/pages/Ai-Development.yaml'])
    cpSync(path.join(projectRoot, file), path.join(root, file))
  mkdirSync(path.join(root, 'node_modules'))
  for (const entry of readdirSync(path.join(projectRoot, 'node_modules')))
    if (!entry.startsWith('.')) symlinkSync(path.join(projectRoot, 'node_modules', entry), path.join(root, 'node_modules', entry))
  return root
}

/**
 * The checker as a new build process loads it (`from` a copy of the project, or this one): nothing
 * in memory, the disk cache as earlier builds left it.
 */
async function newBuild(from = projectRoot): Promise<Checker> {
  vi.resetModules()
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('site-content.compiled')]
  const content = (await import(path.join(from, 'codegen/content.ts'))) as typeof import('./content.ts')
  const { contentChecks } = (await import(path.join(from, 'codegen/file-results.ts'))) as typeof import('./file-results.ts')
  return { ...content, contentChecks }
}

/** Lines written on stderr while `run` runs. */
function stderrOf(run: () => void): string[] {
  const lines: string[] = []
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean))
    return true
  })
  try {
    run()
  } finally {
    spy.mockRestore()
  }
  return lines
}

describe('the kept results', () => {
  it('are checked again after npm installs another version of a package, and kept otherwise', async () => {
    const root = projectCopy('updated-library')
    const installed = path.join(root, 'node_modules/.package-lock.json')
    cpSync(path.join(projectRoot, 'package-lock.json'), installed)
    const cold = await newBuild(root)
    cold.loadContent(root)
    expect(cold.contentChecks.count).toBeGreaterThan(0)
    const warm = await newBuild(root)
    warm.loadContent(root)
    expect(warm.contentChecks.count).toBe(0)

    const lock = JSON.parse(readFileSync(installed, 'utf8')) as { packages: Record<string, Record<string, unknown>> }
    Object.assign(lock.packages['node_modules/dompurify'], { version: '3.4.19', integrity: 'sha512-updated' })
    writeFileSync(installed, JSON.stringify(lock, null, 2))
    const afterUpdate = await newBuild(root)
    afterUpdate.loadContent(root)
    expect(afterUpdate.contentChecks.count).toBe(cold.contentChecks.count)
  })
})

describe('image sizes', () => {
  const image = 'public/images/pages/engineering-team.svg'
  const sizeOnPage = (checker: Checker, root: string) =>
    checker.loadContent(root).pages.find((p) => p.route === '/ai/Ai-Development')!.data.img1

  /** A time to give the image before and after it is redrawn: whole seconds, which a file keeps exactly. */
  const drawnAt = new Date('2025-01-01T00:00:00Z')
  const siteWithImage = (name: string) => {
    const root = siteCopy(name)
    utimesSync(path.join(root, image), drawnAt, drawnAt)
    return root
  }

  /** Draws the image again at another size, in as many bytes and at the time it had. */
  function redraw(root: string) {
    const file = path.join(root, image)
    const before = statSync(file)
    writeFileSync(file, readFileSync(file, 'utf8').replace('width="640" height="480"', 'width="480" height="640"'))
    utimesSync(file, drawnAt, drawnAt)
    expect(statSync(file)).toMatchObject({ size: before.size, mtimeMs: before.mtimeMs })
  }

  it('are read again by a new build when an image is redrawn in as many bytes at the same time', async () => {
    const root = siteWithImage('redrawn')
    expect(sizeOnPage(await newBuild(), root)).toMatchObject({ width: 640, height: 480 })
    redraw(root)
    expect(sizeOnPage(await newBuild(), root)).toMatchObject({ width: 480, height: 640 })
  })

  it('are read again in the same process once the disk cache is wiped', async () => {
    const root = siteWithImage('redrawn-wiped')
    const checker = await newBuild()
    expect(sizeOnPage(checker, root)).toMatchObject({ width: 640, height: 480 })
    redraw(root)
    rmSync(path.join(root, 'node_modules/.cache'), { recursive: true })
    vi.resetModules()
    expect(sizeOnPage((await import('./content.ts')) as Checker, root)).toMatchObject({ width: 480, height: 640 })
  })
})

describe('the claim verdicts', () => {
  const storeOf = (root: string) => new Database(path.join(storeFolder(root)!, 'checked.db'))
  /** The kept verdicts: the store's lists, where each file's own result is an object. */
  const verdicts = (root: string) => {
    const db = storeOf(root)
    try {
      return (db.prepare("SELECT value FROM results WHERE value LIKE '[%'").all() as { value: string }[]).map((r) => r.value)
    } finally {
      db.close()
    }
  }

  it('are kept in the result store, one per page, and a damaged one is found again', async () => {
    const root = siteCopy('claims-kept')
    const expected = (await newBuild()).loadContent(root).problems
    const kept = verdicts(root)
    // The claims judge each of the 50 pages; the company facts each page, the 6 posts, site.yaml and projects.yaml.
    expect(kept.length).toBe(50 + 58)
    const db = storeOf(root)
    db.prepare("UPDATE results SET value = '[5' WHERE value LIKE '[%'").run()
    db.close()
    expect((await newBuild()).loadContent(root).problems).toEqual(expected)
    expect(verdicts(root).sort()).toEqual([...kept].sort())
  })

  it('falls back to memory, with one line on stderr for the folder, when the folder cannot hold a file', async () => {
    const root = siteCopy('claims-blocked')
    // A file where the cache folder would be made.
    writeFileSync(path.join(root, 'node_modules/.cache'), '')
    const checker = await newBuild()
    let problems: unknown
    const said = stderrOf(() => {
      problems = checker.loadContent(root).problems
      checker.loadContent(root)
    })
    expect(said).toEqual([
      expect.stringMatching(
        new RegExp(`^the content cache at ${path.join(root, 'node_modules/.cache/site/')}\\w+ cannot be written`),
      ),
    ])
    expect(problems).toEqual([])
  })
})
