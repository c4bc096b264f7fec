import { readFileSync, rmSync, writeFileSync } from 'node:fs'

/** Whether a process with this id is running on this machine. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the lock file `file`: one build into an output folder at a time, as a second would move its files
 * from under the first. A dead holder's lock is taken over; a held one waited for up to `waitMs`, said once.
 */
export async function takeLock(
  file: string,
  {
    what,
    waitMs = 10 * 60_000,
    say = (message: string) => console.error(message),
  }: { what: string; waitMs?: number; say?: (message: string) => void },
): Promise<() => void> {
  const started = Date.now()
  let said = false
  for (;;) {
    try {
      // 'wx' creates the file or fails if it exists, in one step: two builds cannot both succeed.
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    let holder: number
    try {
      holder = Number(readFileSync(file, 'utf8'))
    } catch {
      continue // released between the two calls
    }
    // An empty file is one being written this moment; a number of a process that is gone is stale.
    if (Number.isInteger(holder) && holder > 0 && !isRunning(holder)) {
      rmSync(file, { force: true })
      continue
    }
    if (Date.now() - started > waitMs)
      throw new Error(
        `Another build (process ${holder}) has been writing ${what} for over ${Math.ceil(waitMs / 1000)} s. ` +
          `Wait for it, or stop it; if no build is running, delete ${file}.`,
      )
    if (!said) say(`Another build (process ${holder}) is writing ${what}; this one starts when it is done.`)
    said = true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
