import { problem } from '../errors.ts'
import { defineFileRule } from './types.ts'

/** The process section shows at most six steps, over both of its rows. */
export const processSteps = defineFileRule({
  name: 'process-steps',
  scope: 'file',
  stage: 'content',
  kinds: ['page'],
  reports: ['TooManySteps'],
  file({ source, at }) {
    const data = source.data as { our_steps?: unknown[]; our_steps2?: unknown[] }
    const count = (data.our_steps?.length ?? 0) + (data.our_steps2?.length ?? 0)
    return count > 6 ? [problem('TooManySteps', at(['our_steps2']), count)] : []
  },
  docs: { TooManySteps: { means: 'The process section shows at most six steps.', example: [7] } },
})
