import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { readSite } from '../codegen/read-site.ts'
import { snapshotOf } from './site-snapshot.ts'

/** The snapshot's text of one file holding `text`. */
const snapshotText = (text: string) =>
  snapshotOf({ texts: new Map([['content/pages/x.yaml', text]]), contentNames: [], images: new Map() }).texts[
    'content/pages/x.yaml'
  ] as string

describe('snapshotOf', () => {
  it("leaves every comment out and every value in, each line where it was, on the site's own files", () => {
    const site = readSite(process.cwd())
    const snapshot = snapshotOf(site)
    let comments = 0
    for (const [file, text] of site.texts) {
      if (typeof text !== 'string') continue
      const kept = snapshot.texts[file] as string
      comments += text.split('\n').filter((line) => /^\s*#/.test(line)).length
      expect(
        kept.split('\n').filter((line) => /^\s*#/.test(line)),
        file,
      ).toEqual([])
      expect(parse(kept), file).toEqual(parse(text))
      expect(kept.split('\n').length, file).toBe(text.split('\n').length)
    }
    expect(comments).toBeGreaterThan(20)
  })

  it('keeps a # that is part of a value: quoted, inside a word, in a block scalar, at the root', () => {
    const cases = [
      ['a: |\n  # kept\n  #kept\n# gone\nb: 1\n', 'a: |\n  # kept\n  #kept\n\nb: 1\n'],
      ['b: "#q" # gone\nt: a#b\n', 'b: "#q" \nt: a#b\n'],
      ['list:\n  - # gone\n    x: 1\n  - [a, # gone\n     b]\n', 'list:\n  - \n    x: 1\n  - [a, \n     b]\n'],
      ['--- |\n#kept\n', '--- |\n#kept\n'],
    ]
    for (const [text, kept] of cases) expect(snapshotText(text)).toBe(kept)
  })
})
