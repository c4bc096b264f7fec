import { createRequire } from 'node:module'
import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * Ships react-router's production build, and only the parts of it the site uses.
 *
 * - The package's `exports` point every bundler and Node at `dist/development` (remix-run/react-router#12532,
 *   #14753), so a browser build gets the dev warnings too, and the server render their cost (a fifth
 *   of the prerender). We alias the two entries we import to `dist/production`, in both builds.
 * - Its module top level creates contexts and components (`React.createContext(…)`,
 *   `X.displayName = …`) without `@__PURE__` marks, so the bundler must keep all of them, and
 *   everything they reach, even when one hook is imported. Marking them pure lets tree-shaking
 *   drop the data-router, prefetch and form code a declarative site never runs (about 6 KB gzip).
 *
 * Both match the library's dist/ by pattern, so package.json pins react-router and react-router-dom
 * to exact versions. vite-plugin-lean-router.test.ts holds the pin and the patterns to the installed
 * files, and the byte budgets of tests/budgets.test.ts catch a site that grows anyway.
 */
export function leanRouter(): Plugin {
  const require = createRequire(import.meta.url)
  const production = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production')
  return {
    name: 'lean-router',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(production, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(production, 'dom-export.mjs') },
        ],
      },
      // The server render bundles the router too: left to Node, it would load the development build.
      ssr: { noExternal: ['react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'] },
    }),
    transform(code, id) {
      if (!id.includes(`${path.sep}react-router${path.sep}dist${path.sep}`)) return
      return {
        code: code
          .replace(/^\w+\.displayName = "\w+";$/gm, '')
          .replace(/\b(React\d*\.(?:createContext|forwardRef|memo)\()/g, '/* @__PURE__ */ $1'),
        map: null,
      }
    },
  }
}
