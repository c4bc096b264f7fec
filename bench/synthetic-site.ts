import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parse, stringify } from 'yaml'
import { STORE_CODE } from '../codegen/store.ts'

/** Where a text's words end: before any closing tags at its very end. */
const TEXT_END = /((?:<\/[a-z]+>)*)$/

/**
 * Copy `n` of a real page, every text of 40 characters or more (the uniqueness rule looks at 120, after contract terms are inserted)
 * made its own by a number after its last word, and the title, description, label and heading numbered:
 * the same markup, entities, links and length as the real page, without its words repeated.
 */
export function realSizeCopy(page: Record<string, unknown>, n: number): Record<string, unknown> {
  const vary = (value: unknown, key = ''): unknown => {
    if (typeof value === 'string') {
      if (key === 'metaTitle') return `${value.slice(0, 60 - ` ${n}`.length).trimEnd()} ${n}`
      if (key === 'label') return `${value.slice(0, 40 - ` ${n}`.length).trimEnd()} ${n}`
      if (key === 'title1') return `${value.slice(0, 80 - ` ${n}`.length).trimEnd()} ${n}`
      if (key === 'metaDescription') return `${n}: ${value}`.slice(0, 160)
      return (value.length >= 40 || value.includes('{{')) && !/^(\/|https?:)/.test(value)
        ? value.replace(TEXT_END, ` (${n})$1`)
        : value
    }
    if (Array.isArray(value)) return value.map((v) => vary(v))
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, vary(v, k)]))
    return value
  }
  return vary(page) as Record<string, unknown>
}

/** A temp copy of the project with numbered copies of the real pages up to `count`, node_modules shared; `dispose` removes it. */
export function createSyntheticSite(projectRoot: string, count: number) {
  const root = mkdtempSync(path.join(tmpdir(), `synthetic-${count}-`))
  // The project's code (its content is written below) without the form editor, which the benchmark does not measure.
  const code = [...STORE_CODE.dirs.filter((dir) => dir !== 'admin'), ...STORE_CODE.files, 'public']
  for (const entry of code.filter((f) => existsSync(path.join(projectRoot, f)))) {
    cpSync(path.join(projectRoot, entry), path.join(root, entry), {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}generated`),
    })
  }
  cpSync(path.join(projectRoot, 'content'), path.join(root, 'content'), { recursive: true })
  const pagesDir = path.join(root, 'content/pages')
  const real = readdirSync(pagesDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
  for (let n = 1; n <= count - real.length; n++) {
    const file = real[(n - 1) % real.length]
    const text = readFileSync(path.join(pagesDir, file), 'utf8')
    const copy = realSizeCopy(parse(text) as Record<string, unknown>, n)
    writeFileSync(
      path.join(pagesDir, `${file.slice(0, -'.yaml'.length)}-${n}.yaml`),
      `${text.split('\n')[0]}\n${stringify(copy, { lineWidth: 0 })}`,
    )
  }
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'))
  return { root, dispose: () => rmSync(root, { recursive: true, force: true }) }
}
