import { reporter, type Explained } from '../errors.ts'
import { defineFileRule } from './types.ts'

const messages = {
  TooManySteps: (count: number): Explained => ({
    message: `our_steps and our_steps2 hold ${count} steps together; at most 6 allowed`,
    hint: 'Merge steps, or move some into the page text.',
  }),
}

const problem = reporter(messages)

/** The process section shows at most six steps, over both of its rows. */
export const processSteps = defineFileRule({
  name: 'process-steps',
  stage: 'content',
  kinds: ['page'],
  messages,
  file({ source, at }) {
    const data = source.data as { our_steps?: unknown[]; our_steps2?: unknown[] }
    const count = (data.our_steps?.length ?? 0) + (data.our_steps2?.length ?? 0)
    return count > 6 ? [problem('TooManySteps', at(['our_steps2']), count)] : []
  },
  docs: { TooManySteps: { means: 'The process section shows at most six steps.', example: [7] } },
})
