import { problem } from '../errors.ts'
import { fieldSchema } from '../json-schema.ts'
import { schemaFiles } from '../schemas.ts'
import { defineFileRule } from './types.ts'

/** A location page says where its readers are: the claim rules can only hold it to the facts if they know which place. */
export const locationAudience = defineFileRule({
  name: 'location-audience',
  stage: 'content',
  kinds: ['page'],
  messages: {},
  file({ source }) {
    const data = source.data as { category?: string; audience?: unknown }
    if (data.category !== 'location' || data.audience !== undefined) return []
    const description = fieldSchema(schemaFiles.page.schema, ['audience'])?.description
    const where = { file: source.file, ...source.locate(['category'], 'key'), field: 'audience' }
    return [problem('MissingField', where, 'audience', description)]
  },
})
