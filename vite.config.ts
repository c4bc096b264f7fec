import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { contentPlugin } from './codegen/vite-plugin-content.ts'
import { headScript } from './scripts/head-scripts.ts'
import { leanRouter } from './scripts/vite-plugin-lean-router.ts'

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

export default defineConfig({
  plugins: [contentPlugin(), react(), themeBoot(), leanRouter()],
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  build: {
    target: 'es2022',
    manifest: true,
    assetsInlineLimit: 0,
    // Every browser the site supports has <link rel="modulepreload"> (Safari 17, Firefox 115).
    modulePreload: false,
  },
  server: {
    host: '127.0.0.1',
  },
})
