import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { schemaFields, type JsonSchema } from './json-schema.ts'
import { schemaFiles } from './schemas.ts'

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

  // The checker compiles the schemas without this check, which would double its start-up.
  it('are valid JSON Schema 2020-12, as its own schema defines it', () => {
    const ajv = new Ajv2020({ strict: false })
    for (const { file, schema } of Object.values(schemaFiles)) {
      expect(ajv.validateSchema(schema), file).toBe(true)
      expect(ajv.errors, file).toBeNull()
    }
    // The check can fail: a length written as text is refused.
    expect(ajv.validateSchema({ ...schemaFiles.page.schema, maxLength: '60' })).toBe(false)
  })

  it('limits the SEO fields of a page', () => {
    const props = schemaFiles.page.schema.properties!
    expect(props.metaTitle).toMatchObject({ maxLength: 60 })
    expect(props.metaDescription).toMatchObject({ minLength: 120, maxLength: 160 })
  })
})
