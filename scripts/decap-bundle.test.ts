import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { DECAP_MANIFEST, DECAP_VENDOR_DIR, tarballIntegrity, vendorDecapTarball, vendoredDecap } from './decap-bundle.ts'

const temp = mkdtempSync(path.join(tmpdir(), 'decap-bundle-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const entry = Array.from({ length: 600 }, (_, i) => `window.part${i} = "decap ${i}";`).join('\n')

/** A decap-cms tarball as `npm pack` writes one: package/ with package.json and dist/. */
function tarball(name: string, { version = '9.9.9', withEntry = true } = {}) {
  const dir = path.join(temp, name)
  const dist = path.join(dir, 'package/dist')
  mkdirSync(dist, { recursive: true })
  writeFileSync(path.join(dir, 'package/package.json'), JSON.stringify({ name: 'decap-cms', version, license: 'MIT' }))
  writeFileSync(path.join(dir, 'package/README.md'), '# Decap')
  const files: Record<string, string> = {
    '12.decap-cms.js': 'window.chunk = 12',
    '12.decap-cms.js.map': '{}',
    'decap-cms.js.map': '{}',
    'decap-cms.js.LICENSE.txt': '/*! MIT */',
    'cms.js': entry,
    '12.cms.js': 'window.chunk = 12',
    'ab12.wasm': '\0asm',
  }
  if (withEntry) files['decap-cms.js'] = entry
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dist, file), text)
  const file = path.join(temp, `${name}.tgz`)
  execFileSync('tar', ['-czf', file, '-C', dir, 'package'])
  return file
}

describe('the kept Decap bundle', () => {
  it('is the files its record names, byte for byte, with .br and .gz of the same bytes', () => {
    const decap = vendoredDecap(process.cwd())
    expect(decap.version).toMatch(/^\d+\.\d+\.\d+$/)
    expect(Object.keys(decap.files)).toContain('decap-cms.js')
    const names = readdirSync(decap.dir)
    const twins = new Set<string>()
    for (const [name, hash] of Object.entries(decap.files)) {
      const body = readFileSync(path.join(decap.dir, name))
      expect(sha256(body), name).toBe(hash)
      if (names.includes(`${name}.br`)) {
        expect(brotliDecompressSync(readFileSync(path.join(decap.dir, `${name}.br`))).equals(body), `${name}.br`).toBe(true)
        expect(gunzipSync(readFileSync(path.join(decap.dir, `${name}.gz`))).equals(body), `${name}.gz`).toBe(true)
        twins.add(`${name}.br`).add(`${name}.gz`)
      }
    }
    // The entry and its big chunks travel compressed; nothing else lies in the folder.
    expect(twins).toContain('decap-cms.js.br')
    const known = new Set([...Object.keys(decap.files), ...twins, path.basename(DECAP_MANIFEST)])
    expect(names.filter((name) => !known.has(name))).toEqual([])
  })
})

describe('npm run admin:vendor', () => {
  it('keeps only the files the admin loads from a checked tarball, with their .br and .gz', async () => {
    const root = path.join(temp, 'project')
    const file = tarball('good')
    const manifest = await vendorDecapTarball(root, file, tarballIntegrity(file))
    expect(manifest).toMatchObject({ package: 'decap-cms', version: '9.9.9', license: 'MIT', integrity: tarballIntegrity(file) })
    expect(Object.keys(manifest.files)).toEqual(['12.decap-cms.js', 'ab12.wasm', 'decap-cms.js', 'decap-cms.js.LICENSE.txt'])
    const dir = path.join(root, DECAP_VENDOR_DIR)
    expect(readdirSync(dir).sort()).toEqual([
      '12.decap-cms.js',
      'ab12.wasm',
      'decap-cms.js',
      'decap-cms.js.LICENSE.txt',
      'decap-cms.js.br',
      'decap-cms.js.gz',
      'vendored.json',
    ])
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'decap-cms.js.br'))).toString()).toBe(entry)
    expect(vendoredDecap(root)).toEqual({ ...manifest, dir })
  })

  it('changes nothing when the tarball is not the one the registry lists', async () => {
    const root = path.join(temp, 'project')
    const before = readFileSync(path.join(root, DECAP_MANIFEST), 'utf8')
    const other = tarball('other', { version: '9.9.10' })
    await expect(vendorDecapTarball(root, other, tarballIntegrity(tarball('listed')))).rejects.toThrow(
      /^other\.tgz: integrity sha512-\S+, the registry lists sha512-/,
    )
    expect(readFileSync(path.join(root, DECAP_MANIFEST), 'utf8')).toBe(before)
  })

  it('changes nothing when the package holds no bundle', async () => {
    const root = path.join(temp, 'project')
    const before = readFileSync(path.join(root, DECAP_MANIFEST), 'utf8')
    const empty = tarball('empty', { withEntry: false })
    await expect(vendorDecapTarball(root, empty, tarballIntegrity(empty))).rejects.toThrow(
      'empty.tgz: no decap-cms package with dist/decap-cms.js',
    )
    expect(readFileSync(path.join(root, DECAP_MANIFEST), 'utf8')).toBe(before)
    expect(existsSync(path.join(root, DECAP_VENDOR_DIR, 'decap-cms.js'))).toBe(true)
  })
})
