import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
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
  const [initdb, initArgs] = asServerUser(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ])
  execFileSync(initdb, initArgs, { stdio: 'pipe' })
  const port = await freePort()
  // fsync off: only an operating-system crash could lose data, and tests never cause one.
  const [postgres, args] = asServerUser(path.join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ])
  const child: ChildProcess = spawn(postgres, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let log = ''
  child.stderr!.on('data', (chunk) => (log += chunk))
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL did not start:\n${log}`)
    const client = new pg.Client({ connectionString: url })
    const ready = await client.connect().then(
      () => true,
      () => false,
    )
    await client.end().catch(() => undefined)
    if (ready) break
    if (waited > 30_000) throw new Error(`PostgreSQL did not answer in 30 s:\n${log}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    async stop() {
      // pg_ctl signals the server itself: runuser does not pass signals on to it.
      const [pgCtl, stopArgs] = asServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'])
      execFileSync(pgCtl, stopArgs, { stdio: 'ignore' })
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve))
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
