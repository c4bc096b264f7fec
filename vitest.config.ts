import { defineConfig } from 'vitest/config'
import { blogApiSettings } from './src/core/blog-api.ts'
import { buildConstants } from './scripts/vite-config.ts'

export default defineConfig({
  test: {
    projects: [
      {
        // The build's constants (scripts/vite-config.ts define), as a build without VITE_ variables sets them.
        define: buildConstants(blogApiSettings({})),
        test: {
          name: 'unit',
          include: [
            'checker/**/*.test.ts',
            'codegen/**/*.test.ts',
            'server/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'tools/**/*.test.ts',
            'bench/**/*.test.ts',
            'admin/**/*.test.ts',
          ],
          environment: 'node',
          // Some unit tests check the whole site or run a process: on a shared, busy machine 5 s is a
          // timing assertion, which no test may make.
          testTimeout: 30_000,
          globalSetup: ['tests/postgres-setup.ts'],
          // Its JSON schema import lacks the import attribute Node 20 asks for; Vite's transform loads it.
          server: { deps: { inline: ['@actions/workflow-parser'] } },
        },
      },
      {
        test: {
          name: 'site',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Tests against the built dist/ and the real server, Chromium included; one file at a time on two cores.
          fileParallelism: false,
        },
      },
    ],
  },
})
