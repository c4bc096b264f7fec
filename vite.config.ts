import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { contentPlugin } from './codegen/vite-plugin-content.ts'
import { leanRouter } from './scripts/vite-plugin-lean-router.ts'
import { themeBootScript } from './src/lib/theme.ts'

/** Puts the theme script in <head> before anything paints (no flash of the wrong theme). */
function themeBoot(): Plugin {
  return {
    name: 'theme-boot',
    transformIndexHtml: (html) => html.replace('<!--theme-boot-->', `<script>${themeBootScript}</script>`),
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
