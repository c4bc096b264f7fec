import { readFileSync } from 'node:fs'
import { parseDocument } from 'yaml'
import { describe, expect, it } from 'vitest'
import { readSite } from '../codegen/read-site.ts'
import { snapshotOf } from '../checker/site-snapshot.ts'
import { draftFile, entryChecker, parseFieldPath, type DraftRequest } from './entry-check.ts'

/** The site as the admin gets it: its snapshot, through JSON. */
const snapshot = JSON.parse(JSON.stringify(snapshotOf(readSite(process.cwd()))))
const checker = entryChecker(snapshot)
const checkDraft = (entry: DraftRequest) => checker(entry)
const SF = 'content/pages/ai-company-in-san-francisco.yaml'

/** A new location page as an editor would start it: another city's page with its places changed. */
function denverPage(edit: (doc: ReturnType<typeof parseDocument>) => void = () => undefined): string {
  const doc = parseDocument(
    readFileSync(SF, 'utf8')
      .replaceAll('San Francisco', 'Denver')
      .replaceAll('California', 'Colorado')
      .replace('America/Los_Angeles', 'America/Denver'),
  )
  edit(doc)
  return doc.toString({ lineWidth: 0 })
}

describe('checkDraft', () => {
  it('finds nothing in an entry saved as it is', () => {
    const text = readFileSync('content/pages/Ai-Development.yaml', 'utf8')
    expect(checkDraft({ collection: 'pages', slug: 'Ai-Development', text }).problems).toEqual([])
  }, 60_000)

  it("reports what the pull request would, under the form's labels, numbered from 1", () => {
    const text = denverPage((doc) => {
      doc.setIn(['faqs', 0, 'answer'], 'Yes. Our Denver office is ten minutes from downtown, so we can meet in person.')
      doc.setIn(['descriptionOne', 0], 'Read about <a href="/ai/Ai-Developmnt">our development work</a> first.')
      doc.setIn(['faqs', 1, 'answer'], 'Yes: {{terms.nosuchterm}}')
    })
    const { file, problems } = checkDraft({ collection: 'pages', slug: 'ai-company-in-denver', text })
    expect(file).toBe('content/pages/ai-company-in-denver.yaml')
    const byLabel = Object.fromEntries(problems.map((p) => [p.label, p]))
    expect(Object.keys(byLabel)).toEqual(expect.arrayContaining(['FAQ 1, answer', 'FAQ 2, answer']))
    expect(byLabel['FAQ 1, answer'].message).toMatch(/office/i)
    expect(problems.find((p) => p.field === 'descriptionOne[0]')?.message).toMatch(/Ai-Developmnt/)
    expect(problems.every((p) => p.line > 1 && p.message.length > 0)).toBe(true)
  }, 60_000)

  it('counts a contract term as the text it inserts, as the check does', () => {
    const text = denverPage((doc) => doc.setIn(['faqs', 0, 'answer'], '{{terms.ownership}}'))
    const { problems } = checkDraft({ collection: 'pages', slug: 'ai-company-in-denver', text })
    expect(problems.filter((p) => p.field.startsWith('faqs[0]'))).toEqual([])
  }, 60_000)

  it('refuses a name that is no file of the collection', () => {
    expect(draftFile({ collection: 'pages', slug: '../package' })).toBeUndefined()
    expect(draftFile({ collection: 'pages', slug: '.git' })).toBeUndefined()
    expect(draftFile({ collection: 'nope', slug: 'x' })).toBeUndefined()
    expect(() => checkDraft({ collection: 'pages', slug: '../x', text: '' })).toThrow(/no content file/)
  })

  it('reads field paths back', () => {
    expect(parseFieldPath('faqs[8].answer')).toEqual(['faqs', 8, 'answer'])
    expect(parseFieldPath('audience.places[0]')).toEqual(['audience', 'places', 0])
  })

  it("requires a location page's place, as the check does, in the form's words", () => {
    const text = denverPage((doc) => doc.deleteIn(['audience', 'places']))
    const { problems } = checkDraft({ collection: 'pages', slug: 'ai-company-in-denver', text })
    expect(problems).toContainEqual(
      expect.objectContaining({
        field: 'audience.places',
        message: 'required, and empty',
        hint: expect.stringMatching(/^Fill it in\. /),
      }),
    )
  }, 60_000)

  it('checks a second draft against the others it remembers, and sees each new text', () => {
    const page = readFileSync('content/pages/Ai-Development.yaml', 'utf8')
    const entry = { collection: 'pages', slug: 'Ai-Development' }
    expect(checkDraft({ ...entry, text: page }).problems).toEqual([])
    const broken = page.replace(/^metaTitle: .*$/m, `metaTitle: ${'A title far too long for a browser tab '.repeat(2)}`)
    expect(checkDraft({ ...entry, text: broken }).problems.map((p) => p.label)).toEqual(['Search title (browser tab)'])
    expect(checkDraft({ ...entry, text: page }).problems).toEqual([])
  }, 60_000)

  it('reads the site from a snapshot that holds no comment of any file', () => {
    const texts = Object.values(snapshot.texts as Record<string, string>)
    expect(readFileSync('content/site.yaml', 'utf8')).toMatch(/^\s*#/m)
    expect(texts.filter((text) => /^\s*#/m.test(text))).toEqual([])
  })

  it('refuses a new page at the address of a page that is there', () => {
    const text = readFileSync('content/pages/Ai-Development.yaml', 'utf8')
    const { problems } = checkDraft({ collection: 'pages', slug: 'Ai-Development', text, isNew: true })
    expect(problems).toEqual([
      expect.objectContaining({ label: 'Page address', message: '/ai/Ai-Development is already a page' }),
    ])
  })

  it('reports a new page copied from one whose name sorts after it as the copy, not the page that was there', () => {
    // ai-company-in-austin sorts before ai-company-in-san-francisco: by name alone, the old page read as the copy.
    const text = readFileSync(SF, 'utf8')
    const { problems } = checkDraft({ collection: 'pages', slug: 'ai-company-in-austin', text, isNew: true })
    expect(problems.map((p) => p.message)).toContainEqual(expect.stringMatching(/reads as a copy of that page/))
  }, 60_000)
})
