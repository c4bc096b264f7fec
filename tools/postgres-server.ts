import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer, connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from './server-process.ts'

/** The newest PostgreSQL server installed by Debian's `postgresql` package. */
function serverBinDir(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'postgres'))) : []
  if (versions.length === 0)
    throw new Error(
      "No PostgreSQL server found under /usr/lib/postgresql: install Debian's postgresql package (apt-get install postgresql)",
    )
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin')
}

/** The server refuses to run as root: as root, run it as the `postgres` user the package creates. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]
}

export interface PostgresServer {
  /** A superuser URL of the server's `postgres` database. */
  url: string
  /**
   * Stops the server as an operator's restart does (fast mode: sessions are ended with 57P01),
   * keeps it down for `downMs`, and starts it again on the same port and data; resolves once it
   * accepts connections.
   */
  restart(options?: { downMs?: number }): Promise<void>
  stop(): Promise<void>
}

/**
 * A throwaway PostgreSQL server for tests and the benchmark: a new data directory in the temp
 * folder, on 127.0.0.1 and a free port, trusting local connections; stop() removes it all.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = serverBinDir()
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-test-'))
  const data = path.join(dir, 'data')
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
    chownSync(dir, uid, gid)
  }
  chmodSync(dir, 0o755)
  const initArgs = ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']
  execFileSync(...asServerUser(path.join(bin, 'initdb'), initArgs), { stdio: 'pipe' })
  const port = await freePort()
  // fsync off: only an operating-system crash could lose data, and tests never cause one.
  const settings = ['listen_addresses=127.0.0.1', 'fsync=off', 'full_page_writes=off', 'max_connections=200']
  const serverArgs = ['-D', data, '-p', String(port), '-k', dir, ...settings.flatMap((setting) => ['-c', setting])]
  const [postgres, args] = asServerUser(path.join(bin, 'postgres'), serverArgs)
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(postgres, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let log = ''
    child.stderr!.on('data', (chunk) => (log += chunk))
    for (let waited = 0; ; waited += 100) {
      if (child.exitCode !== null) throw new Error(`PostgreSQL did not start:\n${log}`)
      const client = new pg.Client({ connectionString: url })
      const ready = await client.connect().then(
        () => true,
        () => false,
      )
      await client.end().catch(() => undefined)
      if (ready) return child
      if (waited > 30_000) throw new Error(`PostgreSQL did not answer in 30 s:\n${log}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  const halt = async (running: ChildProcess) => {
    // pg_ctl signals the server itself: runuser does not pass signals on to it.
    // Asynchronous, so clients in this process keep running while the server shuts down.
    await promisify(execFile)(...asServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']))
    if (running.exitCode === null) await new Promise((resolve) => running.once('exit', resolve))
  }
  let child = await launch()
  return {
    url,
    async restart({ downMs = 0 } = {}) {
      await halt(child)
      await new Promise((r) => setTimeout(r, downMs))
      child = await launch()
    },
    async stop() {
      await halt(child)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A new, empty database on the server of `url`, so each test starts from nothing. */
export async function createDatabase(url: string): Promise<string> {
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  return target.toString()
}

/**
 * A TCP link between clients and the server of `url`, which a test can break: `cut('refuse')` drops
 * every open connection and refuses new ones (the server is down), `cut('hang')` freezes open
 * connections and accepts new ones without ever answering (a network partition); `restore()` mends it.
 */
export async function startDatabaseLink(url: string) {
  const target = new URL(url)
  const sockets = new Set<Socket>()
  let state: 'up' | 'refuse' | 'hang' = 'up'
  const server = createServer((client) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => client.destroy())
    if (state === 'hang') return void client.pause()
    const upstream = connect(Number(target.port), target.hostname)
    sockets.add(upstream)
    upstream.on('close', () => {
      sockets.delete(upstream)
      client.destroy()
    })
    upstream.on('error', () => upstream.destroy())
    client.on('close', () => upstream.destroy())
    client.pipe(upstream).pipe(client)
  })
  const port = await freePort()
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  await listen()
  const link = new URL(url)
  link.port = String(port)
  return {
    /** The same database as `url`, reached through the link. */
    url: link.toString(),
    async cut(how: 'refuse' | 'hang') {
      state = how
      if (how === 'refuse') {
        for (const socket of sockets) socket.destroy()
        await new Promise((resolve) => server.close(resolve))
      } else {
        for (const socket of sockets) {
          socket.unpipe()
          socket.pause()
        }
      }
    },
    async restore() {
      if (state === 'refuse') await listen()
      else for (const socket of sockets) socket.destroy()
      state = 'up'
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      if (server.listening) await new Promise((resolve) => server.close(resolve))
    },
  }
}
