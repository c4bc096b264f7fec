import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isWarning } from '../errors.ts'
import { internalLinks } from './internal-links.ts'
import { realContentProblems, siteFilesProblems } from './testing.ts'

const linking = (...hrefs: string[]) =>
  `descriptionOne:\n${hrefs.map((href) => `  - See <a href="${href}">this</a>.\n`).join('')}`
const post = (href: string) => `description:\n  - Read <a href="${href}">this</a>.\n`
const page = 'label: A page\n'

const check = (files: Record<string, string>) =>
  siteFilesProblems(internalLinks, files).map((p) => [p.name, p.file, `${p.line}:${p.column}`, p.field, p.message, p.hint])

describe('internal links', () => {
  it('accepts links to pages, posts and fixed routes, with a query, a fragment or a trailing slash', () => {
    const problems = check({
      'content/pages/Ai-Consulting.yaml': linking('/', '/blog', '/blog/rag-basics?x=1', '/ai/Ai-Consulting#faq', '/privacy/'),
      'content/blogs/rag-basics.yaml': post('https://example.com/ai/Nope'),
    })
    expect(problems).toEqual([])
  })

  it('reports a link one file makes to a page that does not exist where it is written, with the page meant', () => {
    const fixture = readFileSync(path.join(import.meta.dirname, '../__fixtures__/pages/broken-link.yaml'), 'utf8')
    expect(check({ 'content/pages/Ai-Development.yaml': page, 'content/pages/Fixture.yaml': fixture })).toEqual([
      [
        'BrokenLink',
        'content/pages/Fixture.yaml',
        '11:5',
        'descriptionOne[0]',
        'links to /ai/Ai-Developmnet, which is not a page of this site',
        'did you mean /ai/Ai-Development?',
      ],
    ])
  })

  it('reports a renamed page once, with the files that link to it and the two ways to mend them', () => {
    const linkers = ['Ai-Agent-Development', 'Ai-Consulting', 'Large-Language-Model', 'Stable-Diffusion-Developers']
    const problems = check({
      ...Object.fromEntries(linkers.map((name) => [`content/pages/${name}.yaml`, linking('/ai/Ai-Development-Services')])),
      'content/pages/Ai-Development-Service.yaml': page,
    })
    expect(problems).toEqual([
      [
        'LinkedPageMissing',
        'content/pages/Ai-Agent-Development.yaml',
        '2:5',
        'descriptionOne[0]',
        'the address /ai/Ai-Development-Services no longer exists (renamed to /ai/Ai-Development-Service?): 4 pages link to it',
        'If content/pages/Ai-Development-Service.yaml is that page renamed, rename it back or add a redirect to content/redirects.yaml (from: /ai/Ai-Development-Services, to: /ai/Ai-Development-Service). If it was deleted, add a redirect to content/redirects.yaml (from: /ai/Ai-Development-Services, to: the page that replaces it), or put content/pages/Ai-Development-Services.yaml back, or change the links. Linked from content/pages/Ai-Agent-Development.yaml, content/pages/Ai-Consulting.yaml, content/pages/Large-Language-Model.yaml and 1 more.',
      ],
    ])
  })

  it('says a page renamed in letter case only changed to its new spelling, without offering a redirect', () => {
    const [problem] = check({
      'content/pages/Ai-Consulting.yaml': linking('/ai/Ai-Development'),
      'content/blogs/rag-basics.yaml': post('/ai/Ai-Development'),
      'content/pages/ai-development.yaml': page,
    })
    expect(problem[4]).toBe('the address /ai/Ai-Development changed to /ai/ai-development: 2 files link to it')
    expect(problem[5]).toBe(
      'Rename content/pages/ai-development.yaml back to content/pages/Ai-Development.yaml, or change the links to /ai/ai-development. Linked from content/pages/Ai-Consulting.yaml, content/blogs/rag-basics.yaml.',
    )
  })

  it('never names as the new address a page that links already lead to', () => {
    const [problem] = check({
      'content/pages/Ai-Consulting.yaml': linking('/ai/Ai-Development', '/ai/Ai-Agent-Development'),
      'content/pages/Large-Language-Model.yaml': linking('/ai/Ai-Development'),
      'content/pages/Ai-Agent-Development.yaml': page,
    })
    expect(problem[4]).toBe('the address /ai/Ai-Development no longer exists: 2 pages link to it')
  })

  it('says a deleted page no longer exists', () => {
    const problems = check({
      'content/pages/Ai-Consulting.yaml': linking('/ai/Quantum-Ai', '/ai/Quantum-Ai'),
      'content/pages/Large-Language-Model.yaml': linking('/ai/Quantum-Ai'),
    })
    expect(problems.map((p) => [p[0], p[1], p[4], p[5]])).toEqual([
      [
        'LinkedPageMissing',
        'content/pages/Ai-Consulting.yaml',
        'the address /ai/Quantum-Ai no longer exists: 2 pages link to it',
        'Add a redirect to content/redirects.yaml (from: /ai/Quantum-Ai, to: the page that replaces it), or put content/pages/Quantum-Ai.yaml back, or change the links. Linked from content/pages/Ai-Consulting.yaml, content/pages/Large-Language-Model.yaml.',
      ],
    ])
  })

  it('reports each link when only one file makes them, or when the address is not a page address', () => {
    const problems = check({
      'content/pages/Ai-Consulting.yaml': linking('/ai/Quantum-Ai', '/ai/Quantum-Ai', '/blog/gone'),
      'content/pages/Large-Language-Model.yaml': linking('/blog/gone'),
    })
    expect(problems.map((p) => [p[0], p[1], p[3]])).toEqual([
      ['BrokenLink', 'content/pages/Ai-Consulting.yaml', 'descriptionOne[0]'],
      ['BrokenLink', 'content/pages/Ai-Consulting.yaml', 'descriptionOne[1]'],
      ['BrokenLink', 'content/pages/Ai-Consulting.yaml', 'descriptionOne[2]'],
      ['BrokenLink', 'content/pages/Large-Language-Model.yaml', 'descriptionOne[0]'],
    ])
  })

  it('only warns at a link to an old address that content/redirects.yaml sends on, in any letter case', () => {
    const files = {
      'content/pages/Ai-Consulting.yaml': linking('/ai/Ai-Development', '/ai/ai-development/'),
      'content/pages/Large-Language-Model.yaml': linking('/ai/AI-DEVELOPMENT'),
      'content/pages/Ai-Development-Services.yaml': page,
    }
    expect(check(files).map((p) => p[0])).toEqual(['LinkedPageMissing'])
    const redirects = 'redirects:\n  - from: /ai/Ai-Development\n    to: /ai/Ai-Development-Services\n'
    const problems = check({ ...files, 'content/redirects.yaml': redirects })
    expect(problems.map((p) => [p[0], p[1], p[3], p[4]])).toEqual([
      [
        'LinkToOldAddress',
        'content/pages/Ai-Consulting.yaml',
        'descriptionOne[0]',
        'links to /ai/Ai-Development, an old address that content/redirects.yaml sends on to /ai/Ai-Development-Services',
      ],
      [
        'LinkToOldAddress',
        'content/pages/Ai-Consulting.yaml',
        'descriptionOne[1]',
        expect.stringContaining('/ai/ai-development/'),
      ],
      [
        'LinkToOldAddress',
        'content/pages/Large-Language-Model.yaml',
        'descriptionOne[0]',
        expect.stringContaining('AI-DEVELOPMENT'),
      ],
    ])
    expect(siteFilesProblems(internalLinks, { ...files, 'content/redirects.yaml': redirects }).every(isWarning)).toBe(true)
  })

  describe("full addresses on the site's own domain", () => {
    const site = { 'content/site.yaml': 'company:\n  url: https://www.corvane.example\n' }

    it('reports one to a page that does not exist like a / link, with the address to write', () => {
      const problems = check({
        ...site,
        'content/pages/Ai-Development.yaml': page,
        'content/pages/Ai-Consulting.yaml': linking('https://www.corvane.example/ai/Ai-Developmnet'),
      })
      expect(problems).toEqual([
        [
          'BrokenLink',
          'content/pages/Ai-Consulting.yaml',
          '2:5',
          'descriptionOne[0]',
          'links to https://www.corvane.example/ai/Ai-Developmnet, which is not a page of this site',
          "did you mean /ai/Ai-Development? Write a link inside the site as /ai/Ai-Development, without the site's own https:// address in front.",
        ],
      ])
    })

    it('only warns at one to a page that exists, with or without www., saying to write it as a / link', () => {
      const files = {
        ...site,
        'content/pages/Ai-Development.yaml': page,
        'content/blogs/rag-basics.yaml': post('http://corvane.example/ai/Ai-Development/#faq'),
      }
      const found = siteFilesProblems(internalLinks, files)
      expect(found.map((p) => [p.name, p.field, isWarning(p), p.hint])).toEqual([
        [
          'FullAddressToOwnPage',
          'description[0]',
          true,
          'Write it as /ai/Ai-Development: a full address leaves a preview or a test copy of the site for the live one, so the link cannot be tried before publishing.',
        ],
      ])
    })

    it("leaves alone the rest of the company's domain, other domains, and full addresses when site.yaml gives none", () => {
      expect(
        check({
          ...site,
          'content/pages/Ai-Consulting.yaml': linking(
            'https://www.corvane.example/contact',
            'https://www.corvane.example/ai-consulting',
            'https://other.example/ai/Nope',
          ),
        }),
      ).toEqual([])
      expect(check({ 'content/pages/Ai-Consulting.yaml': linking('https://www.corvane.example/ai/Nope') })).toEqual([])
    })
  })

  it('checks a full address of the real content like a / link, and passes once it is written as one', { timeout: 60_000 }, () => {
    const chicago = 'content/pages/ai-consulting-chicago.yaml'
    const written = 'https://www.corvane.example/ai-consulting\\">AI consulting</a>'
    const problems = realContentProblems({
      [chicago]: [[written, 'https://www.corvane.example/ai/Ai-Consultng\\">AI consulting</a>']],
    })
    expect(problems.map((p) => [p.name, p.file, p.line, p.field, p.hint])).toEqual([
      [
        'BrokenLink',
        chicago,
        24,
        'descriptionOne[2]',
        "did you mean /ai/Ai-Consulting? Write a link inside the site as /ai/Ai-Consulting, without the site's own https:// address in front.",
      ],
    ])
    expect(realContentProblems({ [chicago]: [[written, '/ai/Ai-Consulting\\">AI consulting</a>']] })).toEqual([])
  })
})
