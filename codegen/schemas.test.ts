import { describe, expect, it, vi } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { schemaFields, type JsonSchema } from './json-schema.ts'
import { validatorFor } from '#validators'
import { compileValidators, schemaFiles, type ContentKind } from './schemas.ts'
import { parseYamlSource } from './yaml-source.ts'

describe('schemas', () => {
  for (const [kind, { file, schema }] of Object.entries(schemaFiles)) {
    it(`${file}: closes every object and describes every property`, () => {
      // Every property, so editors' tools always have a description to show.
      const props = schemaFields(schema, kind)
      expect(props.length).toBeGreaterThan(3)
      for (const { path, schema: prop } of props) expect(prop.description, path).toEqual(expect.any(String))
      const objects: string[] = []
      const visit = (node: unknown, path: string) => {
        if (!node || typeof node !== 'object') return
        const obj = node as JsonSchema
        if (obj.type === 'object') objects.push(path)
        if (obj.type === 'object') expect(obj.additionalProperties, path).toBe(false)
        for (const [k, v] of Object.entries(obj)) if (typeof v === 'object') visit(v, `${path}/${k}`)
      }
      visit(schema, kind)
      expect(objects.length).toBeGreaterThan(0)
    })
  }

  it('limits the SEO fields of a page', () => {
    const props = schemaFiles.page.schema.properties!
    expect(props.metaTitle).toMatchObject({ maxLength: 60 })
    expect(props.metaDescription).toMatchObject({ minLength: 120, maxLength: 160 })
  })
})

describe('the kept validators', () => {
  it('give the same answers and errors as validators compiled in memory', async () => {
    // The first load writes the kept code; a new copy of the module (another thread) loads it.
    validatorFor('page')
    expect(readdirSync('node_modules/.cache/site-validators').some((f) => f.endsWith('.cjs'))).toBe(true)
    vi.resetModules()
    const { validatorFor: keptFor } = await import('./platform/validators-node.ts')
    const pages = readdirSync('content/pages').map((f) => parseYamlSource(readFileSync(`content/pages/${f}`, 'utf8'), f).data)
    const site = parseYamlSource(readFileSync('content/site.yaml', 'utf8'), 'site.yaml').data as Record<string, unknown>
    const compiled = compileValidators()
    const broken = (data: unknown): unknown[] => {
      const d = data as Record<string, unknown>
      return [
        d,
        { ...d, metaTitle: 5 },
        { ...d, unknownField: 1 },
        { ...d, services: [{ title: 1 }] },
        { ...d, faqs: 'x' },
        {},
        null,
      ]
    }
    const cases: [ContentKind, unknown][] = [
      ...pages.flatMap((p) => broken(p).map((d): [ContentKind, unknown] => ['page', d])),
      ...broken(site).map((d): [ContentKind, unknown] => ['site', d]),
    ]
    for (const [kind, data] of cases) {
      const kept = keptFor(kind)
      expect(kept(data)).toBe(compiled[kind](data))
      expect(kept.errors).toStrictEqual(compiled[kind].errors)
    }
  })
})
