import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { filesUnder } from '../codegen/files.ts'
import { digest } from '../codegen/store.ts'

/** Runs `node …args` in `root`; a failure carries what the process printed. */
const run = (root: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    execFile(process.execPath, args, { cwd: root }, (error, stdout, stderr) =>
      error ? reject(new Error(`${args.join(' ')} failed:\n${stdout}${stderr}`)) : resolve(),
    )
  })

/**
 * The server as JavaScript in build/ (tsconfig.server.json), emitted by tsc beside the site build.
 * The content types it includes (src/generated/content-types.ts, which nothing else in a build
 * reads) are written first, in a process of their own too: json-schema-to-typescript and prettier
 * take half a second of CPU the build's own thread spends on the check. tsc keeps a record of what
 * it compiled (build/.tsbuildinfo) and does little when nothing changed.
 */
export async function compileServer(root: string): Promise<void> {
  await run(root, ['--import', 'tsx', 'codegen/codegen.ts', '--types'])
  const require = createRequire(import.meta.url)
  const tsc = require.resolve('typescript/bin/tsc')
  // Everything tsconfig.server.json can include, and the compiler's version (its bin/tsc is a
  // launcher that stays the same across versions): when none of it changed since the last compile,
  // tsc would spend a second and a half finding that out.
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
  // Emit only: the types are checked by `npm run typecheck` (tsc -b, part of `npm test`), and the
  // emitted files are the same either way; checking cost 2.4 s of a 3.8 s compile.
  await run(root, [tsc, '-p', 'tsconfig.server.json', '--noCheck'])
  await writeFile(stamp, inputs)
}
