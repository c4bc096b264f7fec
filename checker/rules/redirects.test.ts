import { describe, expect, it } from 'vitest'
import { redirects } from './redirects.ts'
import { siteFilesProblems } from './testing.ts'

/** A site of two pages and a post, with `list` as the redirects file's entries. */
const check = (list: string) =>
  siteFilesProblems(redirects, {
    'content/pages/Ai-Consulting.yaml': 'label: A page\n',
    'content/pages/ai-development.yaml': 'label: A page\n',
    'content/blogs/rag-basics.yaml': 'id: 1\n',
    'content/redirects.yaml': `# yaml-language-server: $schema=../schema/redirects.schema.json\nredirects:\n${list}`,
  }).map((p) => [p.name, `${p.line}:${p.column}`, p.field, p.message, p.hint])

const entry = (from: string, to: string) => `  - from: ${from}\n    to: ${to}\n`

describe('redirects', () => {
  it('accepts old addresses that lead to a page, a post or a fixed route', () => {
    expect(
      check(entry('/ai/Ai-Developer', '/ai/ai-development') + entry('/ai/Rag', '/blog/rag-basics') + entry('/ai/Old', '/blog')),
    ).toEqual([])
  })

  it('rejects an old address that is still a page, in any letter case', () => {
    expect(check(entry('/ai/ai-consulting', '/ai/ai-development'))).toEqual([
      [
        'RedirectShadowsPage',
        '3:11',
        'redirects[0].from',
        '/ai/ai-consulting is the address of content/pages/Ai-Consulting.yaml, a page that exists',
        'A redirect is for an address that no longer has a page; visitors would never reach this one. Remove the entry, or rename or delete content/pages/Ai-Consulting.yaml first.',
      ],
    ])
  })

  it('rejects a target that is no page, suggesting the one meant', () => {
    const [problem] = check(entry('/ai/Ai-Developer', '/ai/ai-developement'))
    expect(problem).toEqual([
      'RedirectTargetMissing',
      '4:9',
      'redirects[0].to',
      'leads to /ai/ai-developement, which is not a page of this site',
      'did you mean /ai/ai-development?',
    ])
  })

  it('rejects a frame route as a target: the post shell is no page', () => {
    expect(check(entry('/ai/Old', '/blog/_post')).map((p) => p[0])).toEqual(['RedirectTargetMissing'])
  })

  it('rejects a chain, naming the page to point to', () => {
    const problems = check(entry('/ai/Oldest', '/ai/Old') + entry('/ai/Old', '/ai/ai-development'))
    expect(problems).toEqual([
      [
        'RedirectChain',
        '4:9',
        'redirects[0].to',
        'leads to /ai/Old, which is itself redirected to /ai/ai-development',
        'Point it straight to the page: to: /ai/ai-development. Visitors and search engines should be sent on once, not twice.',
      ],
    ])
  })

  it('rejects a loop, and an address redirected to itself', () => {
    const problems = check(entry('/ai/A', '/ai/B') + entry('/ai/B', '/ai/a') + entry('/ai/Same', '/ai/Same'))
    expect(problems.map((p) => [p[0], p[2], p[3]])).toEqual([
      ['RedirectLoop', 'redirects[0].to', 'the redirects lead in a circle: /ai/A → /ai/B → /ai/a'],
      ['RedirectLoop', 'redirects[1].to', 'the redirects lead in a circle: /ai/B → /ai/A → /ai/B'],
      ['RedirectLoop', 'redirects[2].to', 'the redirects lead in a circle: /ai/Same → /ai/Same'],
    ])
  })

  it('rejects a chain into a loop without claiming a page at its end', () => {
    const problems = check(entry('/ai/In', '/ai/A') + entry('/ai/A', '/ai/B') + entry('/ai/B', '/ai/A'))
    expect(problems[0]).toEqual([
      'RedirectChain',
      '4:9',
      'redirects[0].to',
      'leads to /ai/A, which is itself redirected to /ai/B',
      'Point it straight to a page that exists. Visitors and search engines should be sent on once, not twice.',
    ])
    expect(problems.slice(1).map((p) => p[0])).toEqual(['RedirectLoop', 'RedirectLoop'])
  })

  it('rejects the same old address listed twice, in any letter case', () => {
    const problems = check(entry('/ai/Old', '/ai/ai-development') + entry('/ai/old', '/blog'))
    expect(problems).toEqual([
      [
        'DuplicateRedirect',
        '5:11',
        'redirects[1].from',
        '/ai/old is already redirected on line 3',
        'Keep one entry per old address: delete this one or the other.',
      ],
    ])
  })

  it('has nothing to say without a redirects file, or with an empty list', () => {
    expect(siteFilesProblems(redirects, { 'content/pages/Ai-Consulting.yaml': 'label: A page\n' })).toEqual([])
    expect(check(' []\n')).toEqual([])
  })
})
