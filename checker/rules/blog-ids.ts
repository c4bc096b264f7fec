import { reporter, type Problem, type Explained } from '../errors.ts'
import { fileNameOf } from '../site-index.ts'
import { placeIn } from '../yaml-source.ts'
import { defineSiteRule } from './types.ts'

const messages = {
  FileNameMismatch: (field: string, value: string, expected: string): Explained => ({
    message: `${field} is '${value}' but the file is named '${expected}'`,
    hint: `Rename the file or set the field to '${expected}'.`,
  }),
  DuplicateId: (id: string, other: string): Explained => ({
    message: `id ${id} is already used by ${other}`,
    hint: 'Give every post its own number.',
  }),
}

const problem = reporter(messages)

/** A post's custom_url is its file's name, and its id is its own. */
export const blogIds = defineSiteRule({
  name: 'blog-ids',
  kinds: ['blog'],
  messages,
  check({ files }) {
    const problems: Problem[] = []
    const byId = new Map<string, string>()
    for (const { source } of files) {
      const data = source.data as { id?: number; custom_url?: string } | undefined
      if (!data) continue
      const name = fileNameOf(source.file, '.yaml')
      if (data.custom_url !== undefined && data.custom_url !== name) {
        problems.push(problem('FileNameMismatch', placeIn(source, ['custom_url']), 'custom_url', data.custom_url, name))
      }
      if (data.id === undefined) continue
      const other = byId.get(String(data.id))
      if (other) problems.push(problem('DuplicateId', placeIn(source, ['id']), String(data.id), other))
      else byId.set(String(data.id), source.file)
    }
    return problems
  },
  docs: {
    FileNameMismatch: {
      means: 'A field that must match the file name does not.',
      example: ['custom_url', 'rag-vs-finetuning', 'rag-vs-fine-tuning'],
    },
    DuplicateId: { means: 'Two blog posts have the same id number.', example: ['4', 'content/blogs/mlops-checklist.yaml'] },
  },
})
