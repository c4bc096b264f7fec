/**
 * The build's /admin phase: the form editor in <outDir>/admin. Decap CMS's vendored bundle is copied as
 * it is (decap-bundle.ts), our admin/ code bundled by Vite beside it, admin/config.yml copied. The result
 * is kept in the store (codegen/store.ts) under the code key, so an unchanged admin is only copied.
 */
import { existsSync, readFileSync } from 'node:fs'
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { storeEntry } from '../codegen/store.ts'
import { contentPlugin } from '../codegen/vite-plugin-content.ts'
import { blogApiSettings } from '../src/core/blog-api.ts'
import type { SiteSource } from '../checker/site-index.ts'
import { SITE_SNAPSHOT_PATH, snapshotOf } from '../checker/site-snapshot.ts'
import { SITE_MANIFEST_PATH } from '../src/core/manifest.ts'
import { buildConstants } from './vite-config.ts'
import { DECAP_MANIFEST, vendoredDecap } from './decap-bundle.ts'
import { precompress } from './precompress.ts'
import { landingStyles } from './vite-plugin-landing-styles.ts'

/** Brotli quality for our admin bundle: remade with the site's code, for editors only; 11 would cost 50 times the CPU. */
const ADMIN_QUALITY = 5

/** Bundles admin/ with Vite into `into`: into/index.html and into/assets/. */
async function bundleAdmin(root: string, into: string, decapSrc: string, quiet: boolean) {
  const { build } = await import('vite')
  const staging = `${into}.vite`
  // React's production build and JSX runtime whoever runs the build: Vitest sets NODE_ENV to test.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  await build({
    root,
    base: '/admin/',
    configFile: false,
    publicDir: false,
    logLevel: quiet ? 'error' : 'warn',
    // The preview links src/styles/index.css: the landing sections' styles go in it, as in the site's build.
    plugins: [contentPlugin(), react(), landingStyles(root)],
    mode: 'production',
    define: {
      __DECAP_SRC__: JSON.stringify(decapSrc),
      ...buildConstants(blogApiSettings(process.env)),
    },
    build: {
      outDir: staging,
      emptyOutDir: true,
      target: 'es2022',
      assetsInlineLimit: 0,
      modulePreload: false,
      rolldownOptions: { input: path.join(root, 'admin/index.html') },
    },
  }).finally(() => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  })
  await rename(path.join(staging, 'admin/index.html'), path.join(into, 'index.html'))
  await rename(path.join(staging, 'assets'), path.join(into, 'assets'))
  await rm(staging, { recursive: true, force: true })
}

/** Makes the admin into `into` from scratch. */
async function makeAdmin(root: string, into: string, quiet: boolean) {
  const decap = vendoredDecap(root)
  // Under its version: the address changes with the bytes.
  const decapDir = `assets/decap-cms-${decap.version}`
  await rm(into, { recursive: true, force: true })
  await mkdir(into, { recursive: true })
  await bundleAdmin(root, into, `/admin/${decapDir}/decap-cms.js`, quiet)
  await precompress(into, { quality: ADMIN_QUALITY })
  // Decap's files come with their .br and .gz: copied, never bundled or compressed here.
  const record = path.basename(DECAP_MANIFEST)
  await cp(decap.dir, path.join(into, decapDir), { recursive: true, filter: (file) => path.basename(file) !== record })
  await writeFile(path.join(into, 'config.yml'), await readFile(path.join(root, 'admin/config.yml')))
}

/** Writes the admin to <outDir>/admin. `code` is the site's code key (build-state.ts), which covers admin/ and Decap's record. */
export async function buildAdmin(root: string, outDir: string, { code, quiet = false }: { code: string; quiet?: boolean }) {
  // A copy of the project without the editor (the benchmark's synthetic sites) builds without it.
  if (!existsSync(path.join(root, 'admin/index.html'))) return
  const key = code.slice(0, 16)
  const target = path.join(outDir, 'admin')
  // Which admin the output folder holds, beside the site manifest: a dot-folder the server never serves.
  const placed = path.join(outDir, path.dirname(SITE_MANIFEST_PATH), 'admin-key')
  if (existsSync(path.join(target, 'index.html')) && existsSync(placed) && readFileSync(placed, 'utf8') === key) return
  // One admin kept in the store, the latest code's: a copy of Decap's bundle is 9 MB.
  const cache = storeEntry(root, 'admin')
  if (!cache) await makeAdmin(root, target, quiet)
  else {
    const kept = path.join(cache, key)
    if (!existsSync(path.join(kept, 'index.html'))) {
      // Made beside the cache, then moved in whole; older admins are dropped.
      const making = path.join(path.dirname(cache), `admin-${process.pid}.tmp`)
      await makeAdmin(root, making, quiet)
      await rm(cache, { recursive: true, force: true, maxRetries: 2 })
      await mkdir(cache, { recursive: true })
      await rename(making, kept)
    }
    await rm(target, { recursive: true, force: true })
    await cp(kept, target, { recursive: true })
  }
  await mkdir(path.dirname(placed), { recursive: true })
  await writeFile(placed, key)
}

/** Writes the content as this build checked it (`source`) beside the admin, for the form's check; on every build. */
export async function writeSiteSnapshot(source: SiteSource, outDir: string) {
  if (!existsSync(path.join(outDir, 'admin/index.html'))) return
  await writeFile(path.join(outDir, SITE_SNAPSHOT_PATH), JSON.stringify(snapshotOf(source)))
}
