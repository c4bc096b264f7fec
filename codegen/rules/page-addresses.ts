import path from 'node:path'
import { problem, type Problem } from '../errors.ts'
import { landingRouteOf } from '../../src/core/routes.ts'
import { defineSiteRule } from './types.ts'

const PAGE_FILE_NAME = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/

/** A page file's name is its address: one an address can be, and no other page's in other letter case. */
export const pageAddresses = defineSiteRule({
  name: 'page-addresses',
  scope: 'site',
  kinds: ['page'],
  reports: ['InvalidFileName', 'DuplicatePath'],
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
