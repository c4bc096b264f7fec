import { reporter, type Problem, type Explained } from '../errors.ts'
import { landingRouteOf } from '../../src/core/routes.ts'
import { fileNameOf } from '../site-index.ts'
import { defineSiteRule } from './types.ts'

const messages = {
  InvalidFileName: (name: string): Explained => {
    const renamed = pageNameFor(name)
    return {
      message: `the file name '${name}' cannot be a page address: it has spaces or signs other than single hyphens`,
      hint: `Rename the file: letters, digits and single hyphens only, no spaces${renamed ? `, e.g. ${renamed}.yaml` : ''}. A copy of another page also needs titles and text of its own.`,
    }
  },
  DuplicatePath: (path: string, other: string): Explained => ({
    message: `the page address ${path} is already used by ${other}`,
    hint: 'Addresses must differ in more than letter case. Rename one of the files.',
  }),
}

const problem = reporter(messages)

/** A page file's name without .yaml, which is its address: letters and digits in words joined by single hyphens. */
export const PAGE_FILE_NAME = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/

/** A file name as a page address can hold it: each run of spaces and signs one hyphen; '' when no letter or digit is left. */
export const pageNameFor = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** Whether a page file's name can be its address. */
const hasPageName = (file: string) => PAGE_FILE_NAME.test(fileNameOf(file, '.yaml'))

/** What a file manager or an editor appends to a copy's name: " copy", " (1)", "-2", "-copy". */
const COPY_SUFFIX = /[-_\s]*(?:\(\d+\)|\d+|copy(?:[-_\s]*\d+)?)$/i

/**
 * Pages in the order in which the first of two alike is the original and the second its copy: a
 * file whose name cannot be an address ("Ai-Development (1).yaml", "… copy.yaml") is the copy a
 * file manager saved, so those come last; before them, a page named as another page with a copy's
 * ending ("Ai-Development-1.yaml"); otherwise name order. A page new in this change (`added`) comes
 * after every page that was there: it is the copy whatever its name.
 */
export function copiesLast<F extends { source: { file: string } }>(files: readonly F[], added: readonly string[] = []): F[] {
  const names = new Set(files.map((f) => fileNameOf(f.source.file, '.yaml').toLowerCase()))
  const rank = ({ source }: F) => {
    const later = added.includes(source.file) ? 3 : 0
    if (!hasPageName(source.file)) return later + 2
    const name = fileNameOf(source.file, '.yaml')
    const original = name.replace(COPY_SUFFIX, '')
    return later + (original !== name && names.has(original.toLowerCase()) ? 1 : 0)
  }
  return [0, 1, 2, 3, 4, 5].flatMap((r) => files.filter((f) => rank(f) === r))
}

/** A page file's name is its address: one an address can be, and no other page's in other letter case. */
export const pageAddresses = defineSiteRule({
  name: 'page-addresses',
  kinds: ['page'],
  messages,
  check({ files }) {
    const problems: Problem[] = []
    const byRoute = new Map<string, string>()
    for (const { source } of files) {
      const name = fileNameOf(source.file, '.yaml')
      const at = { file: source.file, line: 1, column: 1, field: '' }
      if (!hasPageName(source.file)) problems.push(problem('InvalidFileName', at, name))
      const route = landingRouteOf(source.file)
      const other = byRoute.get(route.toLowerCase())
      if (other) problems.push(problem('DuplicatePath', at, route, other))
      else byRoute.set(route.toLowerCase(), source.file)
    }
    return problems
  },
  docs: {
    DuplicatePath: {
      means: 'Two page files give the same address except for letter case, which visitors and search engines treat as one.',
      example: ['/ai/ai-development', 'content/pages/Ai-Development.yaml'],
    },
    InvalidFileName: {
      means: 'The file name becomes the page address, so it may hold only letters, digits and hyphens.',
      example: ['Ai-Development (1)'],
    },
  },
})
