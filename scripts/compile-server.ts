import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { filesUnder } from '../codegen/files.ts'
import { writeKeptContentTypes } from '../codegen/generate.ts'
import { digest } from '../codegen/store.ts'

/** Runs `node …args` in `root`; a failure carries what the process printed. */
const run = (root: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    execFile(process.execPath, args, { cwd: root }, (error, stdout, stderr) =>
      error ? reject(new Error(`${args.join(' ')} failed:\n${stdout}${stderr}`)) : resolve(),
    )
  })

/**
 * The server as JavaScript in build/ (tsconfig.server.json), emitted by tsc beside the site build. The
 * content types it includes are written first: copied from the store, or else made in a process of
 * their own, as making them costs half a second of CPU the build's own thread spends on the check.
 */
export async function compileServer(root: string): Promise<void> {
  if (!(await writeKeptContentTypes(root))) await run(root, ['--import', 'tsx', 'codegen/codegen.ts', '--types'])
  const require = createRequire(import.meta.url)
  const tsc = require.resolve('typescript/bin/tsc')
  // All tsconfig.server.json can include, and tsc's version: with none changed, tsc would take 1.5 s to see it.
  const inputs = digest(
    readFileSync(require.resolve('typescript/package.json')),
    ...[
      'tsconfig.server.json',
      ...['server', 'src/core'].flatMap((dir) => filesUnder(path.join(root, dir)).map((f) => `${dir}/${f}`)),
      'src/generated/content-types.ts',
    ]
      .filter((f) => f.endsWith('.json') || f.endsWith('.ts'))
      .map((f) => `${f}\0${readFileSync(path.join(root, f), 'utf8')}`),
  )
  const stamp = path.join(root, 'build/.inputs')
  if (existsSync(path.join(root, 'build/server/main.js')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) return
  // Emit only: `npm run typecheck` checks the types, and the emitted files are the same either way.
  await run(root, [tsc, '-p', 'tsconfig.server.json', '--noCheck'])
  await writeFile(stamp, inputs)
}
