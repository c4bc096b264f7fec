import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

/** A port nobody listens on right now, from the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * `server/main.ts` in its own process, as `npm start` runs it, resolved once /api/health answers.
 * `env` must set PORT; LOG_LEVEL defaults to warn so a load test measures the server, not its logs.
 */
export async function startServerProcess(env: Record<string, string> & { PORT: string }): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  let exited: number | null | undefined
  child.on('exit', (code) => (exited = code))
  const health = `http://127.0.0.1:${env.PORT}/api/health`
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (exited !== undefined) throw new Error(`server exited with ${exited}`)
    const answered = await fetch(health).then(
      (r) => r.ok,
      () => false,
    )
    if (answered) return child
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGKILL')
  throw new Error('server did not start in 30 s')
}
