import { describe, expect, it } from 'vitest'
import { parseYamlSource } from '../yaml-source.ts'
import { pageAddresses } from './page-addresses.ts'
import { siteRuleProblems } from './testing.ts'

const pages = (...files: string[]) =>
  siteRuleProblems(
    pageAddresses,
    files.map((file) => parseYamlSource('label: A page\n', file)),
  )

describe('page addresses', () => {
  // [what, page files, problems as name, file and message]
  it.each([
    [
      'two that differ only in letter case',
      ['content/pages/Ai-Development.yaml', 'content/pages/ai-development.yaml'],
      [
        [
          'DuplicatePath',
          'content/pages/ai-development.yaml',
          'the page address /ai/ai-development is already used by content/pages/Ai-Development.yaml',
        ],
      ],
    ],
    [
      'a name that cannot be an address',
      ['content/pages/ai consulting.yaml'],
      [
        [
          'InvalidFileName',
          'content/pages/ai consulting.yaml',
          "the file name 'ai consulting' cannot be a page address: it has spaces or signs other than single hyphens",
        ],
      ],
    ],
    [
      'a double hyphen',
      ['content/pages/ai--consulting.yaml'],
      [
        [
          'InvalidFileName',
          'content/pages/ai--consulting.yaml',
          "the file name 'ai--consulting' cannot be a page address: it has spaces or signs other than single hyphens",
        ],
      ],
    ],
    ['distinct addresses', ['content/pages/Ai-Development.yaml', 'content/pages/Ai-Consulting.yaml'], []],
  ])('%s', (_what, files, expected) => {
    const problems = pages(...files)
    expect(problems.map((p) => [p.name, p.file, p.message])).toEqual(expected)
    expect(problems.every((p) => p.line === 1 && p.column === 1)).toBe(true)
  })
})
