/**
 * Decap CMS's prebuilt bundle, kept in the repository (admin/vendor/decap-cms/) at one version, as the
 * package ships it, with .br and .gz made once at the best settings; the build copies it as it is. The
 * package is not installed: its 543 dependencies were of no use beside the self-contained bundle.
 */
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { filesUnder } from '../codegen/files.ts'
import { compressFiles, compressibleFiles } from './precompress.ts'

/** Where the bundle is kept, relative to the project. */
export const DECAP_VENDOR_DIR = 'admin/vendor/decap-cms'
/** Its record: which package and version, the tarball's integrity, each file's hash. */
export const DECAP_MANIFEST = `${DECAP_VENDOR_DIR}/vendored.json`

/** Decap's prebuilt files: the entry, the chunks it loads on demand, its WebAssembly and its licence notice. */
const DECAP_FILE = /^(?:\d+\.)?decap-cms\.js(?:\.LICENSE\.txt)?$|\.wasm$/

export interface DecapManifest {
  package: 'decap-cms'
  version: string
  license: string
  /** The npm tarball's Subresource Integrity string, as the registry lists it. */
  integrity: string
  /** Each file taken from the package's dist/, by name: its SHA-256 in hex. */
  files: Record<string, string>
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** The kept bundle's record and folder. */
export function vendoredDecap(root: string): DecapManifest & { dir: string } {
  const manifest = JSON.parse(readFileSync(path.join(root, DECAP_MANIFEST), 'utf8')) as DecapManifest
  return { ...manifest, dir: path.join(root, DECAP_VENDOR_DIR) }
}

/** The npm tarball's integrity in the registry's form: `sha512-<base64>`. */
export const tarballIntegrity = (tarball: string) =>
  `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`

/** Replaces the kept bundle with the decap-cms `tarball`'s; nothing changes unless it matches `integrity` and holds one. */
export async function vendorDecapTarball(root: string, tarball: string, integrity: string): Promise<DecapManifest> {
  const actual = tarballIntegrity(tarball)
  if (actual !== integrity) throw new Error(`${path.basename(tarball)}: integrity ${actual}, the registry lists ${integrity}`)
  const work = mkdtempSync(path.join(tmpdir(), 'decap-vendor-'))
  try {
    execFileSync('tar', ['-xzf', tarball, '-C', work])
    const packageFile = path.join(work, 'package/package.json')
    const pkg = JSON.parse(readFileSync(packageFile, 'utf8')) as Record<'name' | 'version' | 'license', string>
    const dist = path.join(work, 'package/dist')
    const names = filesUnder(dist, { nested: false }).filter((name) => DECAP_FILE.test(name))
    if (pkg.name !== 'decap-cms' || !names.includes('decap-cms.js'))
      throw new Error(`${path.basename(tarball)}: no decap-cms package with dist/decap-cms.js`)
    const staging = path.join(work, 'vendor')
    mkdirSync(staging)
    for (const name of names) cpSync(path.join(dist, name), path.join(staging, name))
    // Once per version, so at the smallest setting (13 s of CPU): the entry is 1.12 MB of brotli, 1.51 MB of gzip.
    await compressFiles(await compressibleFiles(staging), { quality: 11 })
    const manifest: DecapManifest = {
      package: 'decap-cms',
      version: pkg.version,
      license: pkg.license,
      integrity,
      files: Object.fromEntries(names.map((name) => [name, sha256(readFileSync(path.join(staging, name)))])),
    }
    writeFileSync(path.join(staging, path.basename(DECAP_MANIFEST)), `${JSON.stringify(manifest, null, 2)}\n`)
    const target = path.join(root, DECAP_VENDOR_DIR)
    rmSync(target, { recursive: true, force: true })
    mkdirSync(path.dirname(target), { recursive: true })
    cpSync(staging, target, { recursive: true })
    return manifest
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** `npm <args> --json`'s answer; npm's own summary of the error when it fails. */
function npm(args: string[], cwd: string): unknown {
  try {
    return JSON.parse(execFileSync('npm', [...args, '--json'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }))
  } catch (error) {
    const { stdout, message } = error as { stdout?: string; message: string }
    let summary = message
    try {
      summary = (JSON.parse(stdout ?? '') as { error: { summary: string } }).error.summary
    } catch {
      // No JSON answer (npm missing, no network): the process's own message.
    }
    throw new Error(`npm ${args.join(' ')}: ${summary}`, { cause: error })
  }
}

/** `npm run admin:vendor -- <version>`: fetches decap-cms@<version> with npm, checks its integrity, keeps its bundle. */
async function main(args: string[]) {
  const version = args[0]
  if (!version || !/^\d+\.\d+\.\d+(?:-[\w.]+)?$/.test(version))
    throw new Error('usage: npm run admin:vendor -- <version> (an exact version of decap-cms, such as 3.16.3)')
  const root = process.cwd()
  const spec = `decap-cms@${version}`
  const integrity = npm(['view', spec, 'dist.integrity'], root)
  if (typeof integrity !== 'string') throw new Error(`${spec}: the registry lists no integrity for it`)
  const into = mkdtempSync(path.join(tmpdir(), 'decap-pack-'))
  try {
    const [packed] = npm(['pack', spec, '--pack-destination', into], root) as { filename: string }[]
    const manifest = await vendorDecapTarball(root, path.join(into, packed.filename), integrity)
    const files = Object.keys(manifest.files).length
    console.log(`${DECAP_VENDOR_DIR}: decap-cms ${manifest.version}, ${files} files (${integrity.slice(0, 20)}…)`)
  } finally {
    rmSync(into, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.message)
    process.exit(1)
  })
}
