import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContent } from './content.ts'
import { compileContentFile } from './file-results.ts'
import { readSiteIndex } from './read-site.ts'
import { catalogue } from '../checker/error-docs.ts'
import { parseYamlSource } from '../checker/yaml-source.ts'

const page = readFileSync('content/pages/Ai-Development.yaml', 'utf8')
const index = readSiteIndex(process.cwd())

describe('content the checker must refuse with a location, never a crash', () => {
  it.each([
    ['an alias', 'a: &intro hello\nb: *intro\n', 'YamlReference', 1, 4],
    ['an undefined alias', 'a: hi\nb: *nothing\n', 'YamlReference', 2, 4],
    ['an alias cycle', 'a: &a [*a]\n', 'YamlReference', 1, 4],
    ['an alias bomb', `a: &a ["x","x"]\nb: &b [*a,*a]\nc: &c [*b,*b]\nd: &d [*c,*c]\ne: &e [*d,*d]\n`, 'YamlReference', 1, 4],
    ['an unresolved tag', 'a: !foo bar\n', 'YamlReference', 1, 4],
    ['a binary tag', 'a: !!binary aGk=\n', 'YamlReference', 1, 4],
    ['a code tag', 'a: !!js/function "x"\n', 'YamlReference', 1, 4],
    ['a control character', 'a: "bell\u0007"\n', 'InvalidCharacter', 1, 9],
    ['a NUL', 'a: x\nb: y\u0000\n', 'InvalidCharacter', 2, 5],
    ['a C1 control', 'a: x\u0085y\n', 'InvalidCharacter', 1, 5],
    ['a lone high surrogate', 'a: x\uD83Dy\n', 'InvalidCharacter', 1, 5],
    ['a lone low surrogate', 'a: \uDE00\n', 'InvalidCharacter', 1, 4],
    ['a byte-order mark in the middle', 'a: x\nb: \uFEFFy\n', 'InvalidCharacter', 2, 4],
  ])('%s', (_what, text, name, line, column) => {
    const source = parseYamlSource(text, 'content/pages/x.yaml')
    expect(source.problems[0]).toMatchObject({ name, line, column })
    expect(source.data).toBeUndefined()
  })

  it('accepts real emoji (surrogate pairs), tabs in quoted text and a leading byte-order mark', () => {
    expect(parseYamlSource('\uFEFFa: "ok 🚀\tdone"\n', 'x.yaml').problems).toEqual([])
  })

  it('rejects markup nested past 32 levels without handing it to the sanitizer', () => {
    const deep = `${'<b>'.repeat(10_000)}x${'</b>'.repeat(10_000)}`
    const text = page.replace(/^descriptionOne:\n {2}- .*$/m, `descriptionOne:\n  - "${deep}"`)
    const { problems } = compileContentFile('content/pages/Ai-Development.yaml', text, 'page', index)
    expect(problems).toContainEqual(
      expect.objectContaining({
        name: 'IllegalNesting',
        field: 'descriptionOne[0]',
        message: expect.stringContaining('more than 32 levels'),
      }),
    )
  })

  it('reports a file too large, one not UTF-8, and one it cannot read, and still checks the others', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'robust-'))
    for (const dir of ['content', 'schema', 'public']) cpSync(dir, path.join(root, dir), { recursive: true })
    writeFileSync(path.join(root, 'content/pages/Too-Large.yaml'), `metaTitle: "${'x'.repeat(300 * 1024)}"\n`)
    writeFileSync(
      path.join(root, 'content/pages/Latin-One.yaml'),
      Buffer.concat([Buffer.from('metaTitle: "caf'), Buffer.from([0xe9]), Buffer.from('"\n')]),
    )
    mkdirSync(path.join(root, 'content/pages/Folder.yaml'))
    writeFileSync(path.join(root, 'content/pages/Ai-Consulting.yaml'), page.replace(/^metaTitle: .*$/m, 'metaTitle: "x"'))
    const problems = loadContent(root).problems
    expect(problems).toContainEqual(
      expect.objectContaining({ name: 'FileTooLarge', file: 'content/pages/Too-Large.yaml', line: 1, column: 1 }),
    )
    expect(problems).toContainEqual(
      expect.objectContaining({ name: 'InvalidEncoding', file: 'content/pages/Latin-One.yaml', line: 1, column: 16 }),
    )
    expect(problems).toContainEqual(expect.objectContaining({ name: 'CheckFailed', file: 'content/pages/Folder.yaml' }))
    expect(problems).toContainEqual(
      expect.objectContaining({ name: 'TooShort', file: 'content/pages/Ai-Consulting.yaml', field: 'metaTitle' }),
    )
  })
})

/** `levels` lines of fields, each one indented two spaces more than the one above. */
const blockMaps = (levels: number) => Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}a${i}:`).join('\n') + ' x\n'

describe('YAML nested past 32 levels', () => {
  // [what, text, line, column of the 33rd level]
  it.each([
    ['20,000 unclosed flow lists', 'x: ' + '['.repeat(20_000), 1, 35],
    ['50,000 unclosed flow lists', 'x: ' + '['.repeat(50_000), 1, 35],
    ['20,000 closed flow lists', 'x: ' + '['.repeat(20_000) + ']'.repeat(20_000) + '\n', 1, 35],
    ['20,000 flow maps', 'x: ' + '{a: '.repeat(20_000) + '1' + '}'.repeat(20_000) + '\n', 1, 128],
    ['50,000 JSON-like maps', '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000) + '\n', 1, 161],
    ['50,000 list items on one line', '- '.repeat(50_000) + 'x\n', 1, 65],
    ['700 indented fields', blockMaps(700), 33, 65],
    ['a syntax error before them', 'a: b: c\nx: ' + '['.repeat(20_000), 2, 34],
  ])('%s: located, with the limit, never a stack overflow', (_what, text, line, column) => {
    const source = parseYamlSource(text, 'content/pages/Deep.yaml')
    expect(source.problems).toEqual([
      {
        name: 'NestedTooDeep',
        file: 'content/pages/Deep.yaml',
        line,
        column,
        field: '',
        message: 'lists and fields are nested more than 32 levels deep here',
        hint: expect.stringContaining('close each [ with ]'),
      },
    ])
    expect(source.data).toBeUndefined()
  })

  it('reads 32 levels, in flow and in block style', () => {
    for (const text of ['x: ' + '['.repeat(31) + ']'.repeat(31) + '\n', blockMaps(32)]) {
      const source = parseYamlSource(text, 'content/pages/Deep.yaml')
      expect(source.problems).toEqual([])
      expect(source.data).toBeDefined()
    }
  })

  it('names the file in the content check, and checks the others', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'deep-'))
    for (const dir of ['content', 'schema', 'public']) cpSync(dir, path.join(root, dir), { recursive: true })
    writeFileSync(path.join(root, 'content/pages/Deep.yaml'), 'x: ' + '['.repeat(50_000))
    expect(loadContent(root).problems.map((p) => [p.name, p.file, p.line, p.column])).toEqual([
      ['NestedTooDeep', 'content/pages/Deep.yaml', 1, 35],
    ])
  })
})

/** A small seeded generator (mulberry32), so a failing case can be replayed from its seed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pages = readdirSync('content/pages').map((f) => readFileSync(path.join('content/pages', f), 'utf8'))
const pieces = [
  '&a ',
  '*a',
  '!!binary ',
  '!x ',
  '<b>',
  '</b>',
  '<ul><li>',
  '"',
  "'",
  ': ',
  '\n  ',
  '\n- ',
  '\t',
  '{',
  '[',
  '\u0000',
  '\uD800',
  '\uFEFF',
  '&amp;',
  '<a href="javascript:x">',
  '#',
  '%',
  '@',
  '`',
  '|\n',
  '>\n',
  '---\n',
  '...\n',
  '? ',
  '<script>',
  '🚀',
  'x'.repeat(5000),
]

/** Junk of every kind: random characters, YAML-ish fragments, and real pages cut, spliced and broken. */
function junk(next: () => number): string {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]
  const base = pick(pages)
  switch (Math.floor(next() * 5)) {
    case 0:
      return Array.from({ length: Math.floor(next() * 400) }, () => String.fromCharCode(Math.floor(next() * 0xffff))).join('')
    case 1:
      return Array.from({ length: 1 + Math.floor(next() * 40) }, () => pick(pieces)).join('')
    case 2:
      return base.slice(0, Math.floor(next() * base.length))
    case 3: {
      let text = base
      for (let i = 0; i < 1 + next() * 8; i++) {
        const at = Math.floor(next() * text.length)
        text = text.slice(0, at) + pick(pieces) + text.slice(at)
      }
      return text
    }
    default:
      return base
        .replace(/\n {2}/g, () => (next() < 0.1 ? '\n ' : '\n  '))
        .replace(/^(\w+): /m, (m) => (next() < 0.5 ? `${m}&k ` : m))
  }
}

describe('the check on generated junk', () => {
  it('never throws, and every problem is located and from the catalogue', () => {
    const next = random(20261124)
    for (let i = 0; i < 400; i++) {
      const text = junk(next)
      let problems
      try {
        problems = compileContentFile(`content/pages/Junk-${i}.yaml`, text, 'page', index).problems
      } catch (error) {
        throw new Error(`case ${i} threw ${(error as Error).message}: ${JSON.stringify(text.slice(0, 200))}`, { cause: error })
      }
      for (const p of problems) {
        expect(Object.keys(catalogue())).toContain(p.name)
        expect(p.line).toBeGreaterThanOrEqual(1)
        expect(p.column).toBeGreaterThanOrEqual(1)
        expect(p.file).toBe(`content/pages/Junk-${i}.yaml`)
        expect(p.message.length).toBeGreaterThan(0)
      }
    }
  })
})
