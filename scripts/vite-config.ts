import react from '@vitejs/plugin-react'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ChunkingContext, CodeSplittingOptions } from 'rolldown'
import type { Plugin, UserConfig } from 'vite'
import type { BuildContent } from '../codegen/build-content.ts'
import { blogApiSettings, type BlogApiSettings } from '../src/core/blog-api.ts'
import { pageDataDir } from '../src/core/routes.ts'
import { contentPlugin } from '../codegen/vite-plugin-content.ts'
import { headScript } from './head-scripts.ts'
import { landingStyles } from './vite-plugin-landing-styles.ts'

/** Puts the theme script (src/head/theme-boot.ts, built and minified) in <head> before anything paints: no flash of the wrong theme. */
function themeBoot(): Plugin {
  let root = process.cwd()
  return {
    name: 'theme-boot',
    configResolved: (config) => void (root = config.root),
    transformIndexHtml: async (html) =>
      html.replace('<!--theme-boot-->', `<script>${await headScript('themeBoot', root)}</script>`),
  }
}

/** Modules every page runs that change only with a dependency upgrade: their file keeps its name across deploys. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|^\0vite[\\/]preload-helper/

/**
 * The browser's scripts grouped by when a page needs them, not one chunk per shared module: every
 * file costs a request and its headers, and a landing page loaded twenty, thirteen under 2 KB gzip.
 * - `framework`: React, react-dom, the scheduler and Vite's loader (FRAMEWORK). Rolldown places its
 *   own runtime helpers itself, before any group is applied: a group's test never sees them;
 * - `site`: what src/app/start-site.tsx imports (the shell's islands, the route table, the data
 *   store, the router); a landing page's static sections are HTML, its islands late parts, and the
 *   popup's frame loads when it first opens;
 * - `pages`: what the other kinds of page (home, blog, thank-you, not found) and the parts of pages
 *   that load late (src/lib/late.tsx: a landing page's islands, Recent Blogs and the FAQ) share
 *   among themselves;
 * - each other kind of page stays the chunk its dynamic import makes: the home page, the blog
 *   list… Their manifest keys are their source files, which the prerenderer's preload links look
 *   up. Each landing page's data is a file outside the bundle, found by its name;
 * - each late part stays the chunk its dynamic import makes (a landing page's islands);
 * - what waits for a click or a scroll (the popup, the carousel, toasts, the post-body sanitizer)
 *   stays in the chunk of its own dynamic import.
 * start-site's top level hydrates the page, and it runs when `site` is first evaluated: only the
 * entry's dynamic import may load that chunk first, which holds while everything else that
 * imports it is loaded by code in it.
 */
function chunkGroups(root: string): CodeSplittingOptions {
  let plan: Map<string, 'site' | 'pages'> | undefined
  const chunkOf = (id: string, ctx: ChunkingContext) => {
    if (plan) return plan.get(id)
    const closure = (from: string) => {
      const found = new Set<string>()
      const stack = [from]
      for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
        if (found.has(next)) continue
        found.add(next)
        stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []))
      }
      return found
    }
    const file = (rel: string) => path.join(root, rel)
    const late = file('src/lib/late.tsx')
    const lateParts = (ctx.getModuleInfo(late)?.importers ?? []).flatMap(
      (id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
    )
    const pageKinds = ctx.getModuleInfo(file('src/app/App.tsx'))?.dynamicallyImportedIds ?? []
    const others = [...pageKinds, ...lateParts].map(closure)
    plan = new Map()
    for (const id of closure(file('src/app/start-site.tsx'))) plan.set(id, 'site')
    for (const kind of others)
      for (const id of kind) if (!plan.has(id) && others.filter((other) => other.has(id)).length > 1) plan.set(id, 'pages')
    return plan.get(id)
  }
  return {
    groups: [
      { name: 'framework', test: FRAMEWORK, priority: 3 },
      { name: (id, ctx) => (chunkOf(id, ctx) === 'site' ? 'site' : null), debugName: 'site', priority: 2 },
      { name: (id, ctx) => (chunkOf(id, ctx) === 'pages' ? 'pages' : null), debugName: 'pages', priority: 1 },
    ],
  }
}

/**
 * The constants the site's code is compiled with (src/vite-env.d.ts), for the site, the form
 * editor and the unit tests alike. The blog API is read and checked once, by the build: the browser
 * gets the settled value, not the parser.
 */
export const buildConstants = (blogApi: BlogApiSettings) => ({
  __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  __BLOG_API__: JSON.stringify(blogApi),
})

/**
 * The site's Vite config, for the project at `root`. scripts/build.ts passes it inline with the content
 * it checked (`content`), so its plugins run in the build's own modules; `npm run dev`
 * (tools/dev.ts) passes it inline too, without.
 */
export function siteConfig({
  root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
  isSsrBuild = false,
  content,
  blogApi = blogApiSettings(process.env),
}: { root?: string; isSsrBuild?: boolean; content?: BuildContent; blogApi?: BlogApiSettings } = {}): UserConfig {
  return {
    plugins: [contentPlugin({ build: content }), react(), themeBoot(), landingStyles(root)],
    define: {
      ...buildConstants(blogApi),
      __PAGE_DATA_DIR__: JSON.stringify(content ? `/${pageDataDir(content.pageDataVersion)}` : ''),
    },
    build: {
      target: 'es2022',
      manifest: true,
      assetsInlineLimit: 0,
      // Every browser the site supports has <link rel="modulepreload"> (Safari 17, Firefox 115).
      modulePreload: false,
      ...(isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: chunkGroups(root) } } }),
    },
    server: {
      host: '127.0.0.1',
    },
  }
}
