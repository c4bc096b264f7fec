import path from 'node:path'
import { reporter, type Problem, type Explained } from '../errors.ts'
import { landingRouteOf } from '../../src/core/routes.ts'
import { defineSiteRule } from './types.ts'

/** What this rule reports, and the hint for each: its part of the catalogue. */
const messages = {
  InvalidFileName: (name: string): Explained => ({
    message: `'${name}' cannot be a page address`,
    hint: 'Use letters, digits and single hyphens only, e.g. ai-consulting-denver.yaml.',
  }),
  DuplicatePath: (path: string, other: string): Explained => ({
    message: `the page address ${path} is already used by ${other}`,
    hint: 'Addresses must differ in more than letter case. Rename one of the files.',
  }),
}

const problem = reporter(messages)

/** A page file's name without .yaml, which is its address: letters and digits in words joined by single hyphens. */
export const PAGE_FILE_NAME = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/

/** A page file's name is its address: one an address can be, and no other page's in other letter case. */
export const pageAddresses = defineSiteRule({
  name: 'page-addresses',
  scope: 'site',
  kinds: ['page'],
  messages,
  check({ files }) {
    const problems: Problem[] = []
    const byRoute = new Map<string, string>()
    for (const { source } of files) {
      const name = path.basename(source.file, '.yaml')
      const at = { file: source.file, line: 1, column: 1, field: '' }
      if (!PAGE_FILE_NAME.test(name)) problems.push(problem('InvalidFileName', at, name))
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
      example: ['AI Development'],
    },
  },
})
