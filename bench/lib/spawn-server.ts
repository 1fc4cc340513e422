/**
 * @module
 * Starts a server in its own Node process, pinned to its own core when possible:
 * - `spawnCli(args)`: `replica-mock serve --port 0 ...args` built as the package ships it
 *   (`built-entries.ts`), as users run it, with its stdout piped to this process, which reads it
 *   while it runs the load generator (as Playwright's `webServer` or a test runner's child-process
 *   helper would) — or stops reading it altogether;
 * - `spawnJsonServer(file)`: json-server 0.17 on a JSON file, also as users run it (default flags,
 *   its request log on the same kind of pipe);
 * - `spawnServer(name)`: a file in bench/servers (baselines), built the same way, which prints
 *   `{"port":N}`;
 * - `spawnWireMock(stubs)`: WireMock as its npm package starts it (`npx wiremock --port P`: the
 *   jar it ships on the machine's Java), stubs added through its admin API.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createServer } from 'node:net'
import { createInterface } from 'node:readline'
import { builtCli, builtServer } from './built-entries.js'
import { serverCore } from './cpu.js'

export interface ServerProcess {
  /** `http://127.0.0.1:PORT` */
  readonly url: string
  readonly pid: number
  /** Lines of stdout read so far after the start-up lines (the request log, for the CLI). */
  linesRead(): number
  close(): Promise<void>
}

/**
 * Who reads the server's stdout: `busy` — this process, between the load generator's work (the
 * default); `stalled` — nobody, after the start-up lines (a parent that never reads its pipe).
 */
export type StdoutReader = 'busy' | 'stalled'

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
 * `replica-mock serve --port 0 ...args`, default flags otherwise (so the request log is on unless
 * `args` holds `--quiet`).
 * @example
 * const server = await spawnCli([])             // as users run it
 * const quiet = await spawnCli(['--quiet'])
 * const stalled = await spawnCli([], { reader: 'stalled' })
 */
export async function spawnCli(
  args: string[],
  options: {
    reader?: StdoutReader
    env?: Record<string, string>
    /** Another checkout's root, to compare before and after in one run. */
    checkout?: string
  } = {},
): Promise<ServerProcess> {
  const cli = await builtCli(options.checkout)
  return spawnNode(`replica-mock serve ${args.join(' ')}`.trim(), [cli, 'serve', '--port', '0', ...args], {
    env: options.env,
    reader: options.reader ?? 'busy',
    readUrl: (line) => /^replica-mock listening on (https?:\/\/\S+)$/.exec(line)?.[1],
  })
}

/**
 * `json-server --host 127.0.0.1 --port P FILE`: it prints the port it was given, so P is a free
 * port found first; resolves once it answers.
 */
export async function spawnJsonServer(file: string): Promise<ServerProcess> {
  const bin = createRequire(import.meta.url).resolve('json-server/lib/cli/bin.js')
  const port = await freePort()
  const server = await spawnNode('json-server', [bin, '--host', '127.0.0.1', '--port', String(port), file], {
    reader: 'busy',
    // its "Home" line; the resource lines carry a path after the port
    readUrl: (line) => /^\s*(http:\/\/127\.0\.0\.1:\d+)$/.exec(line)?.[1],
  })
  // it prints before it listens
  for (let tries = 0; ; tries++) {
    try {
      await (await fetch(server.url)).arrayBuffer()
      return server
    } catch (error) {
      if (tries > 100) throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

/** A port free now on 127.0.0.1 (for servers that print the port they were given). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/**
 * @param name file in bench/servers without extension, e.g. `'bare-json'`
 * @param env extra environment for the child (how a bench passes it a body, a fixture, ...)
 * @example
 * const server = await spawnServer('bare-json', { BENCH_BODY: body })
 * try { ... } finally { await server.close() }
 */
export async function spawnServer(name: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return spawnNode(name, [await builtServer(name)], { env, reader: 'busy', readUrl: announcedUrl })
}

/** A WireMock stub mapping (`POST /__admin/mappings`). */
export interface WireMockStub {
  request: { method: string; url: string }
  response: { status: number; body: string; headers: Record<string, string> }
}

/**
 * WireMock 3 from the npm package `wiremock`, started as `npx wiremock --port P` starts it
 * (`java -jar` of the jar the package ships, default flags: its request journal on), on the
 * server core; resolves once it answers and holds `stubs`.
 * @throws when no `java` (17+) is on the PATH
 */
export async function spawnWireMock(stubs: readonly WireMockStub[]): Promise<ServerProcess> {
  const packageDir = dirname(createRequire(import.meta.url).resolve('wiremock/package.json'))
  const jar = readdirSync(join(packageDir, 'build')).find((file) => file.endsWith('.jar'))
  if (!jar) throw new Error(`Failed to find the WireMock jar in ${packageDir}/build`)
  const port = await freePort()
  // its `mappings` and `__files` folders go there, not into the working directory
  const rootDir = mkdtempSync(join(tmpdir(), 'replica-bench-wiremock-'))
  const started = await spawnCommand(
    'wiremock (java -jar; it needs Java 17 or later on the PATH)',
    ['java', '-jar', join(packageDir, 'build', jar), '--port', String(port), '--root-dir', rootDir],
    {
      reader: 'busy',
      // its banner's `port:` line; it listens by then
      readUrl: (line) => (/^port:\s+(\d+)$/.test(line.trim()) ? `http://127.0.0.1:${port}` : undefined),
    },
  ).catch((error: unknown) => {
    rmSync(rootDir, { recursive: true, force: true })
    throw error
  })
  const server: ServerProcess = {
    url: started.url,
    pid: started.pid,
    linesRead: () => started.linesRead(),
    close: async () => {
      await started.close()
      rmSync(rootDir, { recursive: true, force: true })
    },
  }
  try {
    for (const stub of stubs) {
      const response = await fetch(`${server.url}/__admin/mappings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(stub),
      })
      if (response.status !== 201) throw new Error(`Failed to add a WireMock stub: ${await response.text()}`)
    }
  } catch (error) {
    await server.close()
    throw error
  }
  return server
}

interface SpawnOptions {
  env?: Record<string, string> | undefined
  reader: StdoutReader
  /** The server's URL if `line` announces it. */
  readUrl: (line: string) => string | undefined
}

/** Runs `node ...args` and resolves once a stdout line announces the server's URL. */
function spawnNode(name: string, args: string[], options: SpawnOptions): Promise<ServerProcess> {
  return spawnCommand(name, [process.execPath, ...args], options)
}

/** Runs `command` on the server core and resolves once a stdout line announces the server's URL. */
async function spawnCommand(name: string, argv: string[], options: SpawnOptions): Promise<ServerProcess> {
  const core = serverCore()
  const [command, ...rest] = core === undefined ? argv : ['taskset', '-c', String(core), ...argv]
  const child = spawn(command!, rest, {
    // stdin stays open: a bench server exits when it closes, so even a SIGKILLed bench leaves none
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...options.env },
  })
  running.add(child)
  child.once('exit', () => running.delete(child))

  let lines = 0
  const url = await new Promise<string>((resolve, reject) => {
    const reader = createInterface({ input: child.stdout! })
    const fail = (reason: string) => {
      reader.close()
      child.kill('SIGKILL')
      reject(new Error(`Failed to start ${name}: it ${reason}`))
    }
    const timer = setTimeout(() => fail('printed no URL within 30 s'), 30_000)
    child.once('exit', (code, signal) => fail(`exited early (${signal ?? code})`))
    child.once('error', (error) => fail(`failed to start: ${error.message}`))
    reader.on('line', (line) => {
      const url = options.readUrl(line)
      if (url === undefined) return
      clearTimeout(timer)
      child.removeAllListeners('exit').removeAllListeners('error')
      child.once('exit', () => running.delete(child))
      reader.close()
      resolve(url)
    })
  })
  if (options.reader === 'busy') {
    // read and look at every chunk, as a parent that collects its child's output does
    child.stdout!.on('data', (chunk: Buffer) => {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++
    })
    // readline paused the stream when it closed
    child.stdout!.resume()
  } else {
    child.stdout!.pause()
  }

  return {
    url,
    pid: child.pid!,
    linesRead: () => lines,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        // a stalled reader lets go now, or the server's last flush waits for its timeout
        child.stdout!.resume()
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 5000).unref()
      }),
  }
}

// any other output (a warning, a log line) is not the announcement
function announcedUrl(line: string): string | undefined {
  try {
    const { port } = JSON.parse(line) as { port?: unknown }
    return typeof port === 'number' ? `http://127.0.0.1:${port}` : undefined
  } catch {
    return undefined
  }
}
