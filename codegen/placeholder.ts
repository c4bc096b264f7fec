import { problem, type Problem } from './errors.ts'
import { formatFieldPath, type PathSegment, type YamlSource } from './yaml-source.ts'

/** The marker `npm run new:page` writes into every field an editor still has to fill. */
export const PLACEHOLDER = 'TODO:'

/** Every text still holding the placeholder marker, so a half-written page cannot be merged. */
export function placeholderProblems(source: YamlSource): Problem[] {
  const found: Problem[] = []
  const visit = (value: unknown, at: PathSegment[]) => {
    if (typeof value === 'string') {
      if (value.includes(PLACEHOLDER))
        found.push(problem('Placeholder', { file: source.file, ...source.locate(at), field: formatFieldPath(at) }, value))
    } else if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...at, i]))
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, [...at, k])
  }
  visit(source.data, [])
  return found
}
