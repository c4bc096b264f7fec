import react from '@vitejs/plugin-react'
import { createRequire } from 'node:module'
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

/**
 * Vite's dynamic-import loader first fetches the chunk's stylesheets: 1 KB gzip on every page. Lazy
 * chunks here render their stylesheet as <link precedence> instead, so the loader only imports, and
 * the build fails if a lazily loaded chunk imports a stylesheet.
 */
function importsWithoutLoader(): Plugin {
  const loader = '\0vite/preload-helper.js'
  return {
    name: 'imports-without-loader',
    apply: 'build',
    enforce: 'pre',
    load: (id) => (id === loader ? 'export const __vitePreload = (load) => load()' : undefined),
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && !chunk.isEntry && chunk.viteMetadata?.importedCss.size)
          this.error(
            `${chunk.facadeModuleId ?? chunk.fileName} imports ${[...chunk.viteMetadata.importedCss].join(', ')}: ` +
              'a lazily loaded part renders its stylesheet as <link rel="stylesheet" href={url} precedence="…" /> (import url from "./x.css?url")',
          )
    },
  }
}

/**
 * React's `index.js` picks its production or development file at run time, a wrapper every page would
 * carry; the browser's production bundle imports the production files directly. Under another NODE_ENV
 * (the tests') React's development build stays whole, as the JSX compiled for it expects.
 */
function reactProductionFiles(root: string): Plugin {
  const require = createRequire(path.join(root, 'package.json'))
  const files: Record<string, [string, string]> = {
    react: ['react', 'react.production.js'],
    'react/jsx-runtime': ['react', 'react-jsx-runtime.production.js'],
    'react-dom': ['react-dom', 'react-dom.production.js'],
    'react-dom/client': ['react-dom', 'react-dom-client.production.js'],
    scheduler: ['scheduler', 'scheduler.production.js'],
  }
  let production = false
  return {
    name: 'react-production-files',
    enforce: 'pre',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved: (config) => void (production = config.isProduction),
    resolveId(id) {
      const file = production ? files[id] : undefined
      return file && path.join(path.dirname(require.resolve(`${file[0]}/package.json`)), 'cjs', file[1])
    },
  }
}

/** React, react-dom, the scheduler and the import loader: every page runs them. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|^\0vite[\\/]preload-helper/

/**
 * The browser's scripts grouped by when a page needs them, not a chunk per shared module (each file
 * costs a request):
 * - `site`: all a page runs before a scroll or click: React (FRAMEWORK) and what src/app/start-site.tsx
 *   imports, in one file, since a landing page is for a first visit. Rolldown places its own runtime
 *   helpers before any group applies;
 * - `pages`: what the other kinds of page and the late parts (src/lib/late.tsx) share among themselves;
 * - each kind of page, late part and part waiting for a click stays its dynamic import's chunk, whose
 *   manifest key (its source file) the prerenderer's preload links look up.
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
      { name: (id, ctx) => (FRAMEWORK.test(id) || chunkOf(id, ctx) === 'site' ? 'site' : null), debugName: 'site', priority: 2 },
      { name: (id, ctx) => (chunkOf(id, ctx) === 'pages' ? 'pages' : null), debugName: 'pages', priority: 1 },
    ],
  }
}

/** The constants the site, form editor and unit tests are compiled with: the blog API checked, not its parser. */
export const buildConstants = (blogApi: BlogApiSettings) => ({
  __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  __BLOG_API__: JSON.stringify(blogApi),
})

/** The site's Vite config, passed inline by scripts/build.ts (with the `content` it checked) and by tools/dev.ts. */
export function siteConfig({
  root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
  isSsrBuild = false,
  content,
  blogApi = blogApiSettings(process.env),
}: { root?: string; isSsrBuild?: boolean; content?: BuildContent; blogApi?: BlogApiSettings } = {}): UserConfig {
  return {
    plugins: [
      importsWithoutLoader(),
      reactProductionFiles(root),
      contentPlugin({ build: content }),
      react(),
      themeBoot(),
      landingStyles(root),
    ],
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
      ...(isSsrBuild
        ? {}
        : { rolldownOptions: { optimization: { inlineConst: { mode: 'all' } }, output: { codeSplitting: chunkGroups(root) } } }),
    },
    server: { host: '127.0.0.1' },
  }
}
