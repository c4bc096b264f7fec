import type { FastifySchemaValidationError } from 'fastify'

/** A failed schema check as the API answers it: each message under the field it concerns. */
export function fieldErrors(error: FastifySchemaValidationError[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const e of error) {
    const missing = (e.params as { missingProperty?: string }).missingProperty
    const field = missing ?? e.instancePath.split('/').filter(Boolean).join('.')
    const name = field || 'body'
    errors[name] ??= `${name} ${e.message ?? 'is invalid'}`
  }
  return errors
}
