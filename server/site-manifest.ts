import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { SITE_MANIFEST_PATH, type SiteManifest } from '../src/core/manifest.ts'

/** The manifest of a built dist/: routes, blogs and projects, all the server needs of the content. */
export function readSiteManifest(distDir: string): SiteManifest {
  const file = path.join(distDir, SITE_MANIFEST_PATH)
  if (!existsSync(file))
    throw new Error(`${distDir} holds no built site: run \`npm run build\` first (npm start does it for you)`)
  return JSON.parse(readFileSync(file, 'utf8')) as SiteManifest
}
