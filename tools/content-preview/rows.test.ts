import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { fieldChanges } from './changes.ts'
import { fileRows, valueInWords } from './rows.ts'

const FILE = 'content/pages/Ai-Consulting.yaml'
const page = () => parse(readFileSync(FILE, 'utf8')) as { descriptionOne: string[]; services: unknown[]; img1: unknown }
type Page = ReturnType<typeof page>
/** The rows of the real page edited by `change`. */
function rowsAfter(change: (after: Page) => void) {
  const before = page()
  const after = page()
  change(after)
  return fileRows({ file: FILE, before, after, fields: fieldChanges(before, after) })
}

describe('fileRows', () => {
  it('shows a link whose address alone changed, words and old and new address', () => {
    const rows = rowsAfter((after) => {
      after.descriptionOne[2] = after.descriptionOne[2].replace("'/ai/MLOps-Consulting-service'", "'/ai/Ai-As-A-Service'")
    })
    expect(rows).toEqual([
      {
        field: 'Hero paragraphs, paragraph 3, link',
        kind: 'edited',
        before: { lead: 'MLOps → ', changed: '/ai/MLOps-Consulting-service', trail: '' },
        after: { lead: 'MLOps → ', changed: '/ai/Ai-As-A-Service', trail: '' },
      },
    ])
  })

  it('shows a link added around words already there, beside the unchanged words', () => {
    const rows = rowsAfter((after) => {
      after.descriptionOne[0] = after.descriptionOne[0].replace(
        'an honest view',
        "an <a href='/ai/Ai-Development'>honest view</a>",
      )
    })
    expect(rows).toEqual([
      {
        field: 'Hero paragraphs, paragraph 1, link',
        kind: 'added',
        after: { lead: '', changed: 'honest view → /ai/Ai-Development', trail: '' },
      },
    ])
  })

  it('spells an added card in the form labels of its fields', () => {
    const rows = rowsAfter((after) => {
      after.services.push({ title: 'AI audit', desc: 'A review of the models you run.', benefits: ['Fixes', 'Costs'] })
    })
    expect(rows).toEqual([
      {
        field: 'Service card 8',
        kind: 'added',
        after: {
          lead: '',
          changed: 'service name AI audit, card text A review of the models you run., benefit checklist Fixes / Costs',
          trail: '',
        },
      },
    ])
  })
})

describe('valueInWords', () => {
  it("names a picture's parts, and a record inside a record in brackets", () => {
    expect(valueInWords(page().img1, ['img1'], 'page')).toMatch(
      /^image file \/images\/pages\/ai-strategy\.svg, alt text Roadmap board/,
    )
    expect(valueInWords({ img1: { src: '/a.svg', alt: 'A' } }, [], 'page')).toBe('Hero image (image file /a.svg, alt text A)')
  })
})
