import { describe, expect, it } from 'vitest'
import type { PreviewReport } from './report.ts'
import { markdownText } from '../content-check/report.ts'
import { reporter } from '../../checker/errors.ts'
import { catalogue } from '../../checker/error-docs.ts'
import { COMMENT_MARKER, COMMENT_MAX, renderComment, renderSummary } from './summary.ts'

const report = (over: Partial<PreviewReport> = {}): PreviewReport => ({
  base: 'Compared with origin/main where this branch left it, 1a2b3c4; uncommitted edits included.',
  check: { ok: true, problems: [], changed: [], leftOut: [] },
  build: 'built',
  pages: [
    {
      route: '/ai/Ai-Development',
      file: 'content/pages/Ai-Development.yaml',
      status: 'edited',
      facts: { title: 'AI Development | Corvane', descriptionLength: 148, words: 1630, links: 11, images: 3, gzipBytes: 15_900 },
      changes: [
        {
          field: 'FAQ 6, answer',
          kind: 'edited',
          before: { lead: '…data takes ', changed: '4-6', trail: ' weeks.' },
          after: { lead: '…data takes ', changed: 'five', trail: ' weeks.' },
        },
      ],
      unpictured: [],
      crops: [
        {
          key: 'faq-6',
          label: 'FAQ 6',
          files: [
            {
              width: 375,
              before: 'crops/ai-Ai-Development--faq-6-375-before.png',
              after: 'crops/ai-Ai-Development--faq-6-375-after.png',
            },
            {
              width: 1280,
              before: 'crops/ai-Ai-Development--faq-6-1280-before.png',
              after: 'crops/ai-Ai-Development--faq-6-1280-after.png',
            },
          ],
        },
      ],
      fullPages: ['ai-Ai-Development-375.png', 'ai-Ai-Development-1280.png'],
    },
    {
      route: '/ai/New-Page',
      file: 'content/pages/New-Page.yaml',
      status: 'new',
      changes: [],
      unpictured: [],
      crops: [],
      fullPages: ['ai-New-Page-375.png', 'ai-New-Page-1280.png'],
    },
  ],
  otherFiles: [],
  pictureLimit: 12,
  ...over,
})

describe('renderSummary', () => {
  it('links every page and picture absolutely on the deploy', () => {
    const md = renderSummary(report(), { url: 'https://1a2b3c4d.corvane-preview.pages.dev' })
    expect(md).toContain('[<code>/ai/Ai\\-Development</code>](https://1a2b3c4d.corvane-preview.pages.dev/ai/Ai-Development)')
    expect(md).toContain('src="https://1a2b3c4d.corvane-preview.pages.dev/_preview/ai-Ai-Development--faq-6-375-after.png"')
    expect(md).toContain('| FAQ 6, answer | …data takes **4\\-6** weeks\\. | …data takes **five** weeks\\. |')
    expect(md).toContain('| new page |')
    expect(md).not.toMatch(/\]\(\/ai\//)
  })

  it('says no preview was deployed, and why, instead of relative links', () => {
    const md = renderSummary(report(), { skipped: 'pull requests from forks get no deploy' })
    expect(md).toContain('**No preview deployed:** pull requests from forks get no deploy.')
    expect(md).toContain('| <code>/ai/Ai\\-Development</code> |')
    expect(md).not.toMatch(/\]\(\//)
    expect(md).not.toContain('<img')
    expect(md).toContain(
      'Pictures of FAQ 6 (375 and 1280 px, before and after): folder `crops/` of the **content-preview** artifact.',
    )
  })

  it("carries the check's report when it failed, as the check's job summary writes it, and what the preview left as on the base", () => {
    const problem = reporter(catalogue())(
      'YamlSyntax',
      { file: 'content/pages/X.yaml', line: 3, column: 1, field: 'metaTitle' },
      'x',
    )
    const md = renderSummary(
      report({ check: { ok: false, problems: [problem], changed: ['content/pages/X.yaml'], leftOut: ['content/pages/X.yaml'] } }),
      { skipped: 'none' },
    )
    expect(md).toContain('### ❌ The content check failed')
    expect(md).toContain('### content/pages/X\\.yaml (changed)\n\n| line | field | what is wrong | what to do |')
    expect(md).toContain('| 3 | metaTitle | YAML syntax\\: x \\(YamlSyntax\\) |')
    expect(md).toContain('Below, <code>content/pages/X\\.yaml</code> stays as on the base branch')
  })

  it('lists a change to every page once, with the pages it reaches', () => {
    const routes = ['/', '/blog', ...Array.from({ length: 50 }, (_, i) => `/ai/Page-${i}`)]
    const md = renderSummary(
      report({
        pages: [],
        siteWide: {
          files: ['content/site.yaml'],
          routes,
          changes: [
            {
              field: 'Menu item 2, label',
              kind: 'edited',
              before: { lead: '', changed: 'Industries', trail: '' },
              after: { lead: '', changed: 'Sectors', trail: '' },
            },
          ],
          pictured: [
            { route: '/', file: 'content/site.yaml', status: 'edited', changes: [], unpictured: [], crops: [], fullPages: [] },
          ],
        },
      }),
      { skipped: 'none' },
    )
    expect(md).toContain('This changes 52 pages: <code>/</code>, <code>/blog</code>')
    expect(md).toContain('and 44 more')
    expect(md.match(/\| Menu item 2, label \|/g)).toHaveLength(1)
    expect(md).not.toContain('| page | title |')
  })
})

describe('renderSummary, the lists of pages', () => {
  it('names a new, renamed, removed and relabelled page once, each as text', () => {
    const places = ['the footer of every page, under "Services"', 'the home page\'s list "What we build"', 'sitemap.xml']
    const md = renderSummary(
      report({
        listings: [
          { kind: 'added', route: '/ai/New-Page', label: 'New *page*', places },
          { kind: 'renamed', route: '/ai/B', label: 'B', was: { route: '/ai/A', label: 'B' }, places },
          { kind: 'removed', route: '/ai/Gone', label: 'Gone', places: [] },
          { kind: 'relabelled', route: '/ai/C', label: 'C2', was: { route: '/ai/C', label: 'C' }, places: ['sitemap.xml'] },
        ],
      }),
      { skipped: 'none' },
    )
    const where = markdownText(places.join('; '))
    expect(md.match(/### Every page: the lists of pages/g)).toHaveLength(1)
    expect(md).toContain(`- <code>/ai/New\\-Page</code> "New \\*page\\*", a new page, is now listed in: ${where}.`)
    expect(md).toContain(`- <code>/ai/B</code> "B" replaces <code>/ai/A</code> "B" in: ${where}; the old address is gone.`)
    expect(md).toContain(
      `- <code>/ai/Gone</code> "Gone" is removed from the footer of every page, the home page's list and sitemap.xml.`,
    )
    expect(md).toContain(`- <code>/ai/C</code> is listed as "C2" (was "C") in: sitemap\\.xml.`)
  })
})

describe('markdownText', () => {
  it('shows markup, mentions, issue numbers and table bars as text', () => {
    expect(markdownText('<b>x</b> | @team *y* #12')).toBe('\\<b\\>x\\</b\\> \\| \\@&#8203;team \\*y\\* \\#&#8203;12')
  })

  it('leaves no link, picture, code span or autolink to start, and keeps to one line', () => {
    const text = markdownText('`a` ![x](https://evil.example/p.png)\n[link](https://evil.example) www.evil.example &amp;')
    expect(text).toBe(
      '\\`a\\` \\!\\[x\\]\\(https\\://evil\\.example/p\\.png\\) \\[link\\]\\(https\\://evil\\.example\\) www\\.evil\\.example \\&amp;',
    )
  })
})

describe('renderComment', () => {
  it('starts with the marker the workflow finds it by, and names the run', () => {
    const body = renderComment('## Content preview\n', 'https://github.com/o/r/actions/runs/1')
    expect(body.startsWith(`${COMMENT_MARKER}\n## Content preview`)).toBe(true)
    expect(body).toContain('[this run](https://github.com/o/r/actions/runs/1)')
  })

  it("stays within GitHub's limit, cut between pages", () => {
    const page = (i: number) => `#### \`/ai/Page-${i}\`\n\n${'x'.repeat(990)}\n`
    const body = renderComment(Array.from({ length: 100 }, (_, i) => page(i)).join('\n'))
    expect(body.length).toBeLessThan(COMMENT_MAX + 500)
    expect(body).toContain("more pages in the run's job summary")
    expect(body).toMatch(/x\n+… more pages/)
  })
})
