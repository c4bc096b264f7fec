import { describe, expect, it } from 'vitest'
import { workerExecArgv } from './worker.ts'

describe('the flags a worker thread starts with', () => {
  it("drops tsx's loader in every spelling and keeps every other flag", () => {
    expect(
      workerExecArgv([
        '--require',
        '/work/node_modules/tsx/dist/preflight.cjs',
        '--import',
        'file:///work/node_modules/tsx/dist/loader.mjs',
        '--import=tsx',
        '--loader',
        'tsx/esm',
        '--max-old-space-size=4096',
        '--import',
        './instrument.mjs',
        '--cpu-prof',
      ]),
    ).toEqual(['--max-old-space-size=4096', '--import', './instrument.mjs', '--cpu-prof'])
  })

  it('keeps a loader whose name only contains tsx', () => {
    expect(workerExecArgv(['--import', './tsx-free.mjs', '-r', 'mytsx'])).toEqual(['--import', './tsx-free.mjs', '-r', 'mytsx'])
  })
})
