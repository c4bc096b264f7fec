import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseYamlSource } from './yaml-source.ts'

const PAGES = ['Ai-Development', 'Ai-Consulting', 'adaptive-ai-development-melbourne'].map((name) => `content/pages/${name}.yaml`)

/** The indent a hint asks for, as an editor would apply it. */
function askedIndent(hint: string | undefined): number | undefined {
  const asked = /[Ii]ndent it by (\d+) spaces?/.exec(hint ?? '')
  if (asked) return Number(asked[1])
  return /very beginning of the line/.test(hint ?? '') ? 0 : undefined
}

describe('a list item indented too far', () => {
  it('is reported at the line that moved, with an indent that makes the file read again', () => {
    let cases = 0
    for (const file of PAGES) {
      const lines = readFileSync(file, 'utf8').split('\n')
      lines.forEach((line, i) => {
        if (!/^\s*- /.test(line)) return
        for (const shift of [1, 2, 4]) {
          const moved = lines.with(i, ' '.repeat(shift) + line)
          const [problem] = parseYamlSource(moved.join('\n'), file).problems
          // A move that still reads as YAML is the schema's to report.
          if (!problem) continue
          // Four spaces right can make two fields of one card: that is said as a key written twice.
          if (problem.name === 'DuplicateKey') continue
          const where = `${file}:${i + 1} moved ${shift}: ${problem.message} | ${problem.hint}`
          expect(problem.line, where).toBe(i + 1)
          const indent = askedIndent(problem.hint)
          expect(indent, where).toBeDefined()
          const fixed = moved.with(i, ' '.repeat(indent!) + line.trimStart())
          expect(parseYamlSource(fixed.join('\n'), file).problems, where).toEqual([])
          cases++
        }
      })
    }
    expect(cases).toBeGreaterThan(150)
  }, 60_000)
})
