/**
 * The form's rule of one text field, as the content check applies it: length in the characters a
 * visitor reads (terms inserted), the schema's format, no markup in plain text. One message names the
 * rule that failed: "67 characters; at most 60."
 */
import { insertTerms } from '../src/core/terms.ts'

/** What admin/config.yml gives a text field (tools/form-editor/cms-config.ts writes it from the schema). */
export interface TextRule {
  min?: number
  max?: number
  /** The schema's pattern, and what it asks in words. */
  format?: [pattern: string, words: string]
  /** Plain text: no `<`. */
  plain?: boolean
}

/** Characters as the check counts them: code points, not UTF-16 units (an emoji is one). */
export const characterCount = (text: string) => [...text].length

const characters = (n: number) => `${n} character${n === 1 ? '' : 's'}`

/** What is wrong with `value` under `rule`, or undefined; an empty value is the required check's. */
export function textProblem(value: string, rule: TextRule, terms: Readonly<Record<string, string>>): string | undefined {
  if (value === '') return undefined
  if (rule.plain && value.includes('<'))
    return 'Plain text only: remove the < (this field shows no markup, so it would appear as typed).'
  const length = characterCount(insertTerms(value, terms))
  if (rule.max !== undefined && length > rule.max) return `${characters(length)}; at most ${rule.max}.`
  if (rule.min !== undefined && length < rule.min) return `${characters(length)}; at least ${rule.min}.`
  if (rule.format && !new RegExp(rule.format[0], 'u').test(value)) return rule.format[1]
  return undefined
}

/** The counter under a limited field: "34 of 10–60 characters". */
export function lengthNote(value: string, rule: TextRule, terms: Readonly<Record<string, string>>): string | undefined {
  if (rule.min === undefined && rule.max === undefined) return undefined
  const length = characterCount(insertTerms(value, terms))
  const range =
    rule.max === undefined
      ? `at least ${rule.min}`
      : rule.min !== undefined && rule.min > 1
        ? `${rule.min}–${rule.max}`
        : `at most ${rule.max}`
  return `${length} of ${range} characters`
}
