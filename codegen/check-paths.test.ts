import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkInParallel } from './check-parallel.ts'
import { checkerThread, type CheckerRequest } from './checker-thread.ts'
import { loadContent } from './content.ts'
import type { TsWorker } from './worker.ts'

/** The real content with one hostile edit per rule, in a folder of its own. */
function hostileSite() {
  const root = mkdtempSync(path.join(tmpdir(), 'check-paths-'))
  for (const dir of ['content', 'schema', 'public']) cpSync(dir, path.join(root, dir), { recursive: true })
  const edit = (file: string, from: string | RegExp, to: string) => {
    const full = path.join(root, file)
    const text = readFileSync(full, 'utf8')
    expect(text).toMatch(from)
    writeFileSync(full, text.replace(from, to))
  }
  edit(
    'content/pages/ai-consulting-chicago.yaml',
    'places: [Chicago, Illinois, Midwest]',
    'places: [Chicago, Illinois, Midwest, AI]',
  )
  edit('content/pages/Ai-Development.yaml', /^title1: .*$/m, String.raw`title1: "AI \u202E Development"`)
  edit('content/pages/hire-generative-ai-engineers.yaml', 'desc: "{{terms.ownership}} Your', 'desc: "{terms.ownership}} Your')
  edit('content/pages/Ai-Consulting.yaml', /^ {2}- "Most companies.*$/m, `  - "${'x'.repeat(12_000)}"`)
  edit('content/pages/boston-ai-consulting-agency.yaml', 'Corvane is an <b>AI', 'Our Bos&shy;ton team is an <b>AI')
  writeFileSync(path.join(root, 'public/images/evil.html'), '<!doctype html><script>alert(1)</script>')
  return root
}

/** A worker thread's answers, given in this thread. */
function inThisThread(requests: CheckerRequest[]): TsWorker {
  const thread = checkerThread()
  return {
    request: <T>(message: unknown) => {
      requests.push(message as CheckerRequest)
      return Promise.resolve(thread(message as CheckerRequest) as T)
    },
    close: () => Promise.resolve(),
  }
}

describe('the two ways the content is checked', () => {
  it('report the same problems, every new rule included, in this process and in worker threads', async () => {
    const alone = loadContent(hostileSite()).problems

    const root = hostileSite()
    const requests: CheckerRequest[] = []
    const { checked, written } = await checkInParallel(root, { workers: () => [inThisThread(requests)], from: 0 })
    await written
    expect(checked).toBe(56)
    const inParallel = loadContent(root).problems

    expect(inParallel).toEqual(alone)
    expect(new Set(alone.map((p) => p.name))).toEqual(
      new Set(['LocalOffice', 'AudiencePlaceClaim', 'InvalidCharacter', 'MalformedTerm', 'TextTooLong', 'DocumentInPublic']),
    )
    expect(alone).toContainEqual(
      expect.objectContaining({ name: 'AudiencePlaceClaim', file: 'content/pages/ai-consulting-chicago.yaml', line: 7 }),
    )
    expect(alone).toContainEqual(
      expect.objectContaining({ name: 'LocalOffice', file: 'content/pages/boston-ai-consulting-agency.yaml' }),
    )
    // The threads ran the claim rules with the places read from the files: none had to run again.
    expect(requests.filter((r) => 'verdicts' in r)).toEqual([])
  })
})
