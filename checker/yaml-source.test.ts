import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseWithPositions, parseYamlSource, plainData } from './yaml-source.ts'

const contentFiles = [
  'content/site.yaml',
  'content/projects.yaml',
  ...['content/pages', 'content/blogs'].flatMap((dir) => readdirSync(dir).map((f) => path.join(dir, f))),
]
const pages = readdirSync('content/pages').map((f) => readFileSync(path.join('content/pages', f), 'utf8'))

/** What parseYamlSource gives, from the fast reading or not, against `yaml` alone on the same text. */
function expectReadAlike(text: string) {
  const read = parseYamlSource(text, 'content/pages/x.yaml')
  const full = parseWithPositions(text, 'content/pages/x.yaml')
  expect(read.data).toStrictEqual(full.data)
  expect(read.problems).toStrictEqual(full.problems)
}

describe('the fast reading of plain files', () => {
  it.each(contentFiles)('reads %s fast, as yaml does', (file) => {
    const text = readFileSync(file, 'utf8')
    expect(plainData(text)).toBeDefined()
    expectReadAlike(text)
  })

  it.each([
    ['a %YAML 1.1 directive', '%YAML 1.1\n---\na: yes\nb: 0777\n'],
    ['a %TAG directive', '%TAG !e! tag:example.com,2000:\n---\na: b\n'],
    [
      'block scalars',
      'a: |2\n    indented\n  x\nb: >\n  folded\n  line\n\n  para\n    more\nc: >-\n  x\n\nd: |+\n  keep\n\n\ne: 1\n',
    ],
    ['escapes', 'a: "\\x41 \\u0042 \\U00000043 \\N \\_ \\L \\P \\t \\/ \\\n  cont \\u00e9\\ud83d\\ude80"\n'],
    ['quoted lines', "a: 'it''s'\nb: \"multi\n  line\n\n  quoted\"\nc: 'multi\n\n  single'\n"],
    ['plain lines and comments', 'a: plain\n  multi\n  line # c\nb: x #c\nc: y#notc\nd: value:with:colons\n'],
    ['flow collections', 'a: {b: 1, c: [2, 3], "d": e}\nf: [\n  1,\n  2\n]\ng: [1, 2,]\nh: {i, j: k}\n'],
    [
      'numbers',
      'a: -1\nb: +1\nc: .5\nd: 1.\ne: 1e3\nf: .inf\ng: -.Inf\nh: .NaN\ni: 0o17\nj: 0x1f\nk: 1_000\nl: 0b11\nm: 1e400\nn: 99999999999999999999999\no: -0\n',
    ],
    ['nulls, booleans and look-alikes', 'a: ~\nb: null\nc:\nd: Null\ne: TRUE\nf: tRUE\ng: yes\nh: 2024-01-01\ni: 12:30:45\n'],
    ['keys that are not plainly strings', 'true: 1\n~: 2\n1: a\n"1": b\n? [x]\n: y\n'],
    ['the __proto__ key', '__proto__: {a: 1}\n"__proto__": x\n'],
    ['duplicate keys', 'a: 1\na: 2\n'],
    ['a quoted twin of a key', 'a: 1\n"a": 2\n'],
    ['anchors, aliases and tags', 'a: &x 1\nb: *x\nc: !!str 1\nd: ! 1\n'],
    ['two documents', '---\na: 1\n---\nb: 2\n'],
    ['an explicit end', '---\na: 1\n...\n'],
    ['a tab as indentation', 'a: b\n\tc: d\n'],
    ['a bad indent', 'a:\n  b\n  c: d\n'],
    ['a compact mapping', 'a: b: c\n'],
    ['an unterminated quote', 'a: "unterminated\n'],
    ['reserved characters', 'a: @at\nb: `tick\n'],
    ['a lone surrogate escape', 'a: "\\ud83d"\n'],
    ['only a comment', '#only comment\n'],
    ['nothing', ''],
    ['a bare string', 'just a string\n'],
    ['a top-level list', '- a\n- b\n'],
    ['CRLF line ends and a byte-order mark', '\uFEFFa: 1\r\nb: "x\r\n  y"\r\n'],
  ])('reads %s as yaml does', (_what, text) => expectReadAlike(text))

  it('reads real pages broken in a thousand ways as yaml does', () => {
    const fragments = [':', ': ', ' ', '\n', '\n  ', '\t', '-', '- ', '\n- ', '#', ' #', '"', "'", '|', '|-', '>', '>+']
    fragments.push('{', '}', '[', ']', ',', '?', '? ', '%', '@', '`', '\\', '...', '---', '\n---\n', '"\\x', '"\\u12')
    fragments.push('\r', 'null', '~', '1e400', '0x1F', '.5', 'true', '!', '&', '*', '<<: ', "''", '\u00a0', '\u2028', 'é')
    let seed = 20261124
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]
    let fast = 0
    for (let i = 0; i < 1000; i++) {
      let text = pick(pages)
      for (let edits = 1 + Math.floor(next() * 3); edits > 0; edits--) {
        const at = Math.floor(next() * text.length)
        const lines = text.split('\n')
        const line = Math.floor(next() * lines.length)
        const kind = next()
        if (kind < 0.5) text = text.slice(0, at) + pick(fragments) + text.slice(at)
        else if (kind < 0.7) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 5))
        else if (kind < 0.85) lines[line] = lines[line].startsWith(' ') ? lines[line].slice(1) : ` ${lines[line]}`
        else lines.splice(line, 0, pick(lines))
        if (kind >= 0.7) text = lines.join('\n')
      }
      if (plainData(text)) fast++
      expectReadAlike(text)
    }
    // Both readings were compared, not only the fallback's.
    expect(fast).toBeGreaterThan(300)
  }, 60_000)

  it('finds positions for a file read fast, as yaml places them', () => {
    const text = readFileSync('content/pages/Ai-Development.yaml', 'utf8')
    const read = parseYamlSource(text, 'content/pages/Ai-Development.yaml')
    const full = parseWithPositions(text, 'content/pages/Ai-Development.yaml')
    for (const at of [['metaTitle'], ['services', 2, 'desc'], ['faqs', 0, 'answer'], ['no-such-field']])
      for (const part of ['value', 'key'] as const) expect(read.locate(at, part)).toStrictEqual(full.locate(at, part))
  })
})
