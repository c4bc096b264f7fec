import path from 'node:path'
import { rolldown } from 'rolldown'

/** The scripts every page inlines: TypeScript under src/head/, built and minified here. */
export const HEAD_SCRIPTS = {
  themeBoot: 'src/head/theme-boot.ts',
  deferredScripts: 'src/head/deferred-scripts.ts',
} as const

const built = new Map<string, Promise<string>>()

/** One head script as a minified IIFE without a trailing newline, to inline into <script>; built once per process. */
export function headScript(name: keyof typeof HEAD_SCRIPTS, root = process.cwd()): Promise<string> {
  const entry = path.resolve(root, HEAD_SCRIPTS[name])
  let code = built.get(entry)
  if (!code) {
    code = (async () => {
      const bundle = await rolldown({ input: entry, platform: 'browser', logLevel: 'warn' })
      const { output } = await bundle.generate({ format: 'iife', minify: true })
      await bundle.close()
      return output[0].code.trim()
    })()
    built.set(entry, code)
  }
  return code
}
