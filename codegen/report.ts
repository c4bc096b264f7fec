import type { Problem } from './errors.ts'

/** One problem as editors read it: `content/pages/x.yaml:42:5  services[3].title  message`, hint below. */
export function formatProblem(p: Problem): string {
  const head = `${p.file}:${p.line}:${p.column}  ${p.field ? p.field + '  ' : ''}${p.message}  [${p.name}]`
  return p.hint ? `${head}\n    hint: ${p.hint}` : head
}

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')

/** GitHub Actions workflow command, so the problem shows on the pull request's diff. */
export function githubAnnotation(p: Problem): string {
  const title = escapeProperty(`${p.name}${p.field ? ' ' + p.field : ''}`)
  const text = escapeData(p.hint ? `${p.message} (hint: ${p.hint})` : p.message)
  return `::error file=${escapeProperty(p.file)},line=${p.line},col=${p.column},title=${title}::${text}`
}

export function formatReport(problems: Problem[], options: { github: boolean }): string {
  const lines = problems.map(formatProblem)
  if (options.github) lines.push(...problems.map(githubAnnotation))
  return lines.join('\n')
}
