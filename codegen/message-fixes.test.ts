/**
 * Mistakes editors make, each applied to a real page in a copy of the site: the problem is reported
 * on the file, line and field to change, in plain words, and the fix its hint gives, applied as an
 * editor would, makes the check pass.
 */
import { cpSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContent } from './content.ts'
import type { Problem } from '../checker/errors.ts'
import { formatProblem } from '../checker/report.ts'

const PAGE = 'content/pages/Ai-Development.yaml'

/** The real site in a folder of its own, for one test to change. */
function siteCopy() {
  const root = mkdtempSync(path.join(tmpdir(), 'message-fixes-'))
  for (const dir of ['content', 'schema', 'public']) cpSync(dir, path.join(root, dir), { recursive: true })
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
  const write = (file: string, text: string) => writeFileSync(path.join(root, file), text)
  /** Replaces `from` (which must be there) by `to` in `file`. */
  const edit = (file: string, from: string, to: string) => {
    const text = read(file)
    expect(text).toContain(from)
    write(file, text.replace(from, to))
  }
  const problems = (): Problem[] => loadContent(root).problems
  return { root, read, write, edit, problems }
}

const PARAGRAPH = 'so nothing about the system is a black box.'

describe('messages that point the right way, on real pages', { timeout: 60_000 }, () => {
  it('puts the problems of a copy saved under a bad file name on the copy, with the name to rename it to', () => {
    const site = siteCopy()
    for (const copy of ['Ai Development copy', 'Ai-Development (1)']) site.write(`content/pages/${copy}.yaml`, site.read(PAGE))
    const found = site.problems()
    expect(found.filter((p) => p.file === PAGE)).toEqual([])
    const copy = found.filter((p) => p.file === 'content/pages/Ai-Development (1).yaml')
    expect(copy.map((p) => [p.name, p.line, p.field])).toEqual([
      ['InvalidFileName', 1, ''],
      ['DuplicateTitle', 2, 'metaTitle'],
      ['CopiedPage', 3, 'metaDescription'],
      ['DuplicateTitle', 4, 'label'],
      ['DuplicateTitle', 6, 'title1'],
    ])
    expect(copy[1].message).toContain(`is the same as on ${PAGE}:2:12`)
    expect(copy[0].hint).toMatch(/^Rename the file: .* e\.g\. Ai-Development-1\.yaml\./)
    // Renamed as the hint says, the name is a page address; its text is still a copy, and said so.
    renameSync(
      path.join(site.root, 'content/pages/Ai-Development (1).yaml'),
      path.join(site.root, 'content/pages/Ai-Development-1.yaml'),
    )
    const renamed = site.problems().filter((p) => p.file === 'content/pages/Ai-Development-1.yaml')
    expect(renamed.map((p) => p.name)).not.toContain('InvalidFileName')
    expect(renamed.map((p) => p.name)).toContain('DuplicateTitle')
  })

  it('says to rename a picture whose name has capitals or spaces, with the name it should have', () => {
    const site = siteCopy()
    cpSync(
      path.join(site.root, 'public/images/pages/engineering-team.svg'),
      path.join(site.root, 'public/images/pages/Team Photo.PNG'),
    )
    site.edit(PAGE, 'src: /images/pages/engineering-team.svg', 'src: /images/pages/Team Photo.PNG')
    const [found, ...rest] = site.problems()
    expect(rest).toEqual([])
    expect(found).toMatchObject({ name: 'PictureFileName', file: PAGE, line: 9, field: 'img1.src' })
    expect(found.hint).toBe(
      'Rename the file: lower case, hyphens, no spaces. Call it public/images/pages/team-photo.png and write /images/pages/team-photo.png here.',
    )
    const [, file, written] = /Call it (\S+) and write (\S+) here/.exec(found.hint!)!
    renameSync(path.join(site.root, 'public/images/pages/Team Photo.PNG'), path.join(site.root, file))
    site.edit(PAGE, 'src: /images/pages/Team Photo.PNG', `src: ${written}`)
    expect(site.problems()).toEqual([])
  })

  it('gives link markup that can be pasted into a value in double quotes as it stands', () => {
    const site = siteCopy()
    site.edit(PAGE, PARAGRAPH, `${PARAGRAPH} See https://example.org/guide and the [checklist](https://example.org/list).`)
    const found = site.problems()
    expect(found.map((p) => [p.name, p.line, p.field])).toEqual([
      ['MarkdownFormatting', 23, 'descriptionTwo[1]'],
      ['BareUrl', 23, 'descriptionTwo[1]'],
      ['BareUrl', 23, 'descriptionTwo[1]'],
    ])
    const [markdown, bare] = found
    const link = /<a href='…'>…<\/a>/.exec(markdown.hint!)![0]
    const pasted = /<a href='https:\/\/example\.org\/guide'>…<\/a>/.exec(bare.hint!)![0]
    site.edit(
      PAGE,
      'https://example.org/guide and the [checklist](https://example.org/list)',
      `${pasted.replace('…', 'our guide')} and the ${link.replace('…', 'https://example.org/list').replace('…', 'checklist')}`,
    )
    expect(site.problems()).toEqual([])
  })

  it('says which contract term and which page were likely meant', () => {
    const site = siteCopy()
    site.edit(PAGE, '{{terms.ownership}} Read more', '{{terms.ownershp}} Read more')
    site.edit(PAGE, "href='/ai/Ai-Consulting'>AI consulting</a> ranks", "href='/ai/Ai-Consultng#pilot'>AI consulting</a> ranks")
    const found = site.problems()
    expect(found.map((p) => [p.name, p.line, p.field, p.hint])).toEqual([
      ['BrokenLink', 20, 'descriptionOne[2]', 'did you mean /ai/Ai-Consulting#pilot?'],
      ['UnknownTerm', 26, 'descriptionThree[1]', expect.stringMatching(/^Did you mean \{\{terms\.ownership\}\}\?/)],
    ])
    site.edit(PAGE, '{{terms.ownershp}}', '{{terms.ownership}}')
    site.edit(PAGE, '/ai/Ai-Consultng#pilot', '/ai/Ai-Consulting#pilot')
    expect(site.problems()).toEqual([])
  })

  it('numbers list items from 1 where an editor reads the report, as the form does', () => {
    const site = siteCopy()
    site.edit(PAGE, 'question: "How do we start an AI development', 'question: "How do we <b>start</b> an AI development')
    const [found] = site.problems()
    expect(found).toMatchObject({ file: PAGE, field: 'faqs[7].question' })
    expect(formatProblem(found)).toMatch(/^content\/pages\/Ai-Development\.yaml:\d+:\d+ {2}faqs 8 › question {2}/)
  })
})
