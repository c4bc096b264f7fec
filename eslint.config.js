// The architecture, enforced: data flows content → schema → codegen → generated → src, and each
// layer imports only from the layers it stands on. A wrong import fails `npm run lint` (in npm test).
import js from '@eslint/js'
import { importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const FEATURES = ['blog', 'consultation', 'home', 'landing', 'pages']

/** Zones of import-x/no-restricted-paths: `target` may not import from `from`. */
const zones = [
  // The DOM-free core runs in Node too: nothing of React, the DOM or the app above it.
  {
    target: './src/core',
    from: './src',
    except: ['./core', './generated'],
    message: 'src/core stands on nothing of src but src/generated.',
  },
  {
    target: './src/lib',
    from: ['./src/app', './src/features', './src/components'],
    message: 'src/lib is below the app, features and components.',
  },
  {
    target: './src/components',
    from: ['./src/app', './src/features'],
    message: 'Components are shared by features: they cannot depend on one.',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: share through src/components or src/lib, compose in src/app.',
  })),
  {
    target: './src',
    from: ['./checker', './codegen', './server', './scripts', './tools', './bench', './tests'],
    message: 'The browser app imports no checker, build, server, tool, benchmark or test code.',
  },
  // The server runs on production dependencies: the manifest and src/core, never the content compiler.
  {
    target: './server',
    from: ['./checker', './codegen', './scripts', './tools', './bench', './tests'],
    message: 'The server reads the build manifest; it never imports the checker, codegen, the build, tools or tests.',
  },
  { target: './server', from: './src', except: ['./core', './generated'], message: 'The server uses src/core only.' },
  // scripts/ is the build pipeline; tools/ (preview, screenshots, new page, docs, the CMS and dev
  // servers) and bench/ (the benchmark harness) stand on it, never the other way round.
  {
    target: './scripts',
    from: ['./tools', './bench', './tests'],
    message: 'The build pipeline stands alone: tools, the benchmark and tests use it, not the other way round.',
  },
  {
    target: './scripts',
    from: ['./src/features', './src/components'],
    message: 'The build uses src/core and the built output, never UI code.',
  },
  // The one exception: tests/support (real receivers for the lead channels), which the benchmark drives too.
  {
    target: ['./tools', './bench'],
    from: './tests',
    except: ['./support'],
    message: 'Tools and the benchmark run without the test suite; move what both need into tools/ or tests/support/.',
  },
  // The checker runs in Node and in the form editor's browser: it takes text and the site's index
  // and returns problems and data, so it stands on src/core and itself alone.
  {
    target: './checker',
    from: ['./admin', './codegen', './server', './scripts', './tools', './bench', './tests'],
    message: 'The checker is pure: it imports src/core and itself only; reading files and caching belong to codegen.',
  },
  { target: './checker', from: './src', except: ['./core'], message: 'The checker may use src/core only.' },
  {
    target: './codegen',
    from: './src',
    except: ['./core', './generated'],
    message: 'codegen stands below src: it may use src/core only.',
  },
  {
    target: './codegen',
    from: ['./server', './scripts', './tools', './bench', './tests'],
    message: 'codegen is imported by the build, not the other way round.',
  },
]

export default tseslint.config(
  {
    ignores: ['dist/', 'build/', 'src/generated/', 'node_modules/', 'preview/', 'screenshots/', 'test-results/', 'admin/vendor/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Control characters are exactly what the input checks look for (paths, CSV, headers, YAML).
      'no-control-regex': 'off',
    },
  },
  {
    // Tests may reach across layers: they check how the layers fit together.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'tests/**', 'checker/rules/testing.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  },
  {
    // A file a reader takes in at one sitting; the build pipeline, tools and benchmark also keep
    // each function to one screen (React components and the server's factories are left to review).
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: { 'max-lines': ['error', 400] },
  },
  {
    files: ['codegen/**/*.ts', 'scripts/**/*.ts', 'tools/**/*.ts', 'bench/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', 80] },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['react', 'react-*'], message: 'src/core is React-free: the server runs it.' }],
        },
      ],
    },
  },
  {
    // What differs between Node and a browser sits in checker/platform, chosen by the package's
    // subpath imports (#checker-dom, #validators); the rest of the checker reads no disk.
    files: ['checker/**/*.ts'],
    ignores: ['**/*.test.ts', 'checker/rules/testing.ts', 'checker/platform/*-node.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'jsdom', 'image-size', 'better-sqlite3'],
              message:
                'The checker runs in a browser too: read files in codegen/read-site.ts, keep platform code in checker/platform.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
)
