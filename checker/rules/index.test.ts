import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { catalogue, errorDocs } from '../error-docs.ts'
import { stepErrors } from '../errors.ts'
import { filesUnder } from '../../codegen/files.ts'
import { fileRules, siteRules } from './index.ts'

const rules = [...fileRules, ...siteRules]
const here = import.meta.dirname
/** The modules of this folder that are not rules. */
const NOT_RULES = ['index.ts', 'types.ts', 'testing.ts']

describe('the rule registry', () => {
  it('lists every rule module of checker/rules once, under the module’s name', () => {
    const modules = filesUnder(here, { nested: false }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !NOT_RULES.includes(f),
    )
    expect(rules.map((rule) => `${rule.name}.ts`).sort()).toEqual(modules.sort())
  })

  it.each(rules.map((rule) => [rule.name]))('has the test of %s beside it', (name) => {
    expect(existsSync(path.join(here, `${name}.test.ts`))).toBe(true)
  })

  it('explains every error of the catalogue once, in the rule that reports it or among the reading steps', () => {
    const docs = errorDocs()
    for (const name of Object.keys(catalogue())) expect(docs.get(name)?.length, name).toBe(1)
  })

  it('gives each name one entry: no rule takes a name of the steps or of another rule', () => {
    const names = [stepErrors, ...rules.map((rule) => rule.messages)].flatMap((messages) => Object.keys(messages))
    expect(names.length).toBe(new Set(names).size)
  })

  it.each(rules.map((rule) => [rule.name, rule]))('%s explains only names it reports', (_name, rule) => {
    for (const name of Object.keys(rule.docs ?? {})) expect(Object.keys(rule.messages)).toContain(name)
  })
})
