/**
 * @module
 * Starts a bench server (a file in bench/servers) in its own Node process, pinned to its own core
 * when possible, and waits for the `{"port":N}` line it prints.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { serverCore } from './cpu.js'

export interface ServerProcess {
  /** `http://127.0.0.1:PORT` */
  readonly url: string
  readonly pid: number
  close(): Promise<void>
}

const running = new Set<ChildProcess>()

// a crashed or interrupted run must not leave servers behind
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) child.kill('SIGKILL')
    process.exit(130)
  })
}

/**
 * @param name file in bench/servers without extension, e.g. `'replica'`
 * @param env extra environment for the child (how a bench passes it a body, a fixture, ...)
 * @example
 * const server = await spawnServer('bare-json', { BENCH_BODY: body })
 * try { ... } finally { await server.close() }
 */
export async function spawnServer(name: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const file = fileURLToPath(new URL(`../servers/${name}.ts`, import.meta.url))
  const node = [process.execPath, '--import', 'tsx', file]
  const core = serverCore()
  const [command, ...args] = core === undefined ? node : ['taskset', '-c', String(core), ...node]
  const child = spawn(command!, args, {
    // stdin stays open: the child exits when it closes, so even a SIGKILLed bench leaves no server
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  })
  running.add(child)
  child.once('exit', () => running.delete(child))

  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    const fail = (reason: string) => {
      lines.close()
      child.kill('SIGKILL')
      reject(new Error(`Failed to start bench server ${name}: it ${reason}`))
    }
    const timer = setTimeout(() => fail('printed no port within 20 s'), 20_000)
    child.once('exit', (code, signal) => fail(`exited early (${signal ?? code})`))
    child.once('error', (error) => fail(`failed to start: ${error.message}`))
    lines.on('line', (line) => {
      const port = readPort(line)
      if (port === undefined) return
      clearTimeout(timer)
      child.removeAllListeners('exit').removeAllListeners('error')
      child.once('exit', () => running.delete(child))
      lines.close()
      // keep draining: a server that logs must never block on a full pipe
      child.stdout!.resume()
      resolve(port)
    })
  })

  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 5000).unref()
      }),
  }
}

// any other output (a warning, a log line) is not the announcement
function readPort(line: string): number | undefined {
  try {
    const { port } = JSON.parse(line) as { port?: unknown }
    return typeof port === 'number' ? port : undefined
  } catch {
    return undefined
  }
}
