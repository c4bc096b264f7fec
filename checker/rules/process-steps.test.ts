import { describe, expect, it } from 'vitest'
import { processSteps } from './process-steps.ts'
import { fileRuleProblems } from './testing.ts'

const steps = (n: number) => `[${Array.from({ length: n }, () => '{title: Step, desc: What happens}').join(', ')}]`

describe('process steps', () => {
  // [first row, second row, problems as line, column, message]
  it.each([
    [4, 3, [[2, 13, 'our_steps and our_steps2 hold 7 steps together; at most 6 allowed']]],
    [0, 7, [[2, 13, 'our_steps and our_steps2 hold 7 steps together; at most 6 allowed']]],
    [3, 3, []],
    [6, 0, []],
  ])('%i + %i steps', (first, second, expected) => {
    const text = `our_steps: ${steps(first)}\nour_steps2: ${steps(second)}\n`
    expect(fileRuleProblems(processSteps, text).map((p) => [p.line, p.column, p.message])).toEqual(expected)
  })
})
