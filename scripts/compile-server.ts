import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { filesUnder } from '../codegen/files.ts'
import { digest } from '../codegen/store.ts'

/**
 * The server as JavaScript in build/ (tsconfig.server.json), emitted by tsc in its own process
 * beside the site build; tsc keeps a record of what it compiled (build/.tsbuildinfo) and does
 * little when nothing changed.
 */
export async function compileServer(root: string): Promise<void> {
  const require = createRequire(import.meta.url)
  const tsc = require.resolve('typescript/bin/tsc')
  // Everything tsconfig.server.json can include, and the compiler's version (its bin/tsc is a
  // launcher that stays the same across versions): when none of it changed since the last compile,
  // tsc would spend a second and a half finding that out.
  const inputs = digest(
    readFileSync(require.resolve('typescript/package.json')),
    ...[
      'tsconfig.server.json',
      ...['server', 'src/core', 'src/generated'].flatMap((dir) => filesUnder(path.join(root, dir)).map((f) => `${dir}/${f}`)),
    ]
      .filter((f) => f.endsWith('.json') || f.endsWith('.ts'))
      .map((f) => `${f}\0${readFileSync(path.join(root, f), 'utf8')}`),
  )
  const stamp = path.join(root, 'build/.inputs')
  if (existsSync(path.join(root, 'build/server/main.js')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) return
  await new Promise<void>((resolve, reject) => {
    // Emit only: the types are checked by `npm run typecheck` (tsc -b, part of `npm test`), and the
    // emitted files are the same either way; checking cost 2.4 s of a 3.8 s compile.
    execFile(process.execPath, [tsc, '-p', 'tsconfig.server.json', '--noCheck'], { cwd: root }, (error, stdout, stderr) =>
      error ? reject(new Error(`tsc -p tsconfig.server.json --noCheck failed:\n${stdout}${stderr}`)) : resolve(),
    )
  })
  await writeFile(stamp, inputs)
}
