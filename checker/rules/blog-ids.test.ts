import { describe, expect, it } from 'vitest'
import { parseYamlSource } from '../yaml-source.ts'
import { blogIds } from './blog-ids.ts'
import { siteRuleProblems } from './testing.ts'

const posts = (...files: [name: string, text: string][]) =>
  siteRuleProblems(
    blogIds,
    files.map(([name, text]) => parseYamlSource(text, `content/blogs/${name}.yaml`)),
    { kind: 'blog' },
  ).map((p) => [p.name, p.file, p.line, p.column, p.field, p.message])

describe('blog posts', () => {
  // [what, posts as file name and text, problems]
  it.each([
    [
      'a custom_url that is not the file name',
      [['rag-vs-fine-tuning', 'id: 1\ncustom_url: rag-vs-finetuning\n']] as [string, string][],
      [
        [
          'FileNameMismatch',
          'content/blogs/rag-vs-fine-tuning.yaml',
          2,
          13,
          'custom_url',
          "custom_url is 'rag-vs-finetuning' but the file is named 'rag-vs-fine-tuning'",
        ],
      ],
    ],
    [
      'two posts with one id, reported at the second',
      [
        ['a', 'id: 4\ncustom_url: a\n'],
        ['b', 'custom_url: b\nid: 4\n'],
      ] as [string, string][],
      [['DuplicateId', 'content/blogs/b.yaml', 2, 5, 'id', 'id 4 is already used by content/blogs/a.yaml']],
    ],
    ['a post that is not YAML', [['a', 'id: [4\n']] as [string, string][], []],
    [
      'posts of their own',
      [
        ['a', 'id: 1\ncustom_url: a\n'],
        ['b', 'id: 2\ncustom_url: b\n'],
      ] as [string, string][],
      [],
    ],
  ])('%s', (_what, files, expected) => {
    expect(posts(...files)).toEqual(expected)
  })
})
