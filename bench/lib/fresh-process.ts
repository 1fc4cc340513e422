/**
 * @module
 * Timing a fresh Node process as users start one: from `spawn` to a line it prints
 * (`timeToLine`), or to its exit (`timeToExit`). No core pinning: a start uses Node's helper
 * threads (compilation, GC) as it does for users.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

export interface LineTiming {
  /** ms from spawn to the line. */
  ms: number
  line: string
}

const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/**
 * Spawns `node ...args` and resolves when a stdout line matches `wanted`; the process is then
 * killed. Rejects, with its stderr, if it exits first or prints nothing in 60 s.
 * @example
 * const { ms } = await timeToLine([cli, 'serve', '--port', '0', '--quiet'], /^replica-mock listening on /)
 */
export function timeToLine(
  args: string[],
  wanted: RegExp,
  options: { cwd?: string } = {},
): Promise<LineTiming> {
  const started = performance.now()
  const child = spawn(process.execPath, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  return new Promise<LineTiming>((resolve, reject) => {
    const reader = createInterface({ input: child.stdout! })
    const done = () => {
      clearTimeout(timer)
      reader.close()
      child.removeAllListeners('exit')
      child.once('exit', () => running.delete(child))
      child.kill('SIGKILL')
    }
    const fail = (reason: string) => {
      done()
      reject(new Error(`Failed to time node ${args.join(' ')}: it ${reason}${stderr ? `\n${stderr}` : ''}`))
    }
    const timer = setTimeout(() => fail(`printed no line matching ${wanted} within 60 s`), 60_000)
    child.once('error', (error) => fail(`failed to start: ${error.message}`))
    child.once('exit', (code, signal) => fail(`exited (${signal ?? code}) before printing ${wanted}`))
    reader.on('line', (line) => {
      if (!wanted.test(line)) return
      const ms = performance.now() - started
      done()
      resolve({ ms, line })
    })
  })
}

/**
 * Spawns `node ...args` and resolves with the ms until it exits with status 0; rejects with its
 * output's tail otherwise.
 */
export function timeToExit(args: string[], options: { cwd?: string } = {}): Promise<number> {
  const started = performance.now()
  const child = spawn(process.execPath, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  return new Promise<number>((resolve, reject) => {
    child.once('error', (error) =>
      reject(new Error(`Failed to start node ${args.join(' ')}: ${error.message}`)),
    )
    child.once('exit', (code, signal) => {
      running.delete(child)
      if (code === 0) resolve(performance.now() - started)
      else reject(new Error(`Failed to run node ${args.join(' ')}: exited (${signal ?? code})\n${output}`))
    })
  })
}
