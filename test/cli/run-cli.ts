/**
 * Runs the real CLI (`replica-mock serve`) from source in a child process.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach } from 'vitest'

const CLI = fileURLToPath(new URL('../../src/server/cli.ts', import.meta.url))

export interface CliRun {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  /** Resolves with the exit code. */
  exited: Promise<number | null>
}

export function runCli(args: string[], env: NodeJS.ProcessEnv = process.env): CliRun {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  })
  let out = ''
  let err = ''
  child.stdout!.on('data', (chunk) => {
    out += chunk
  })
  child.stderr!.on('data', (chunk) => {
    err += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, stdout: () => out, stderr: () => err, exited }
}

/** Waits for the listening line and returns the URL it names. */
export async function listeningUrl(run: CliRun, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const match = run.stdout().match(/replica-mock listening on (https?:\/\/\S+)/)
    if (match) return match[1]!
    if (run.child.exitCode !== null) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  run.child.kill('SIGKILL')
  throw new Error(`CLI did not start: ${run.stdout()} ${run.stderr()}`)
}

/** Waits until the stdout read so far satisfies `done`, and returns it. */
export async function waitForOutput(
  run: CliRun,
  done: (stdout: string) => boolean,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (done(run.stdout())) return run.stdout()
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`Failed to see the expected output within ${timeoutMs} ms: ${run.stdout().slice(-500)}`)
}

/** The default fixture's member: every permission. */
export const MEMBER = { authorization: 'Bearer test-member-token', 'content-type': 'application/json' }

/** Creates a running environment with the CRM app on the server at `url` and credentials for it. */
export async function createAppCredentials(
  url: string,
): Promise<{ environmentId: string; token: string; url: string; headers: Record<string, string> }> {
  const environment = await (
    await fetch(`${url}/v1/environments`, { method: 'POST', headers: MEMBER, body: '{"apps":["crm"]}' })
  ).json()
  const credentials = await (
    await fetch(`${url}/v1/environments/${environment.id}/apps/crm/credentials`, {
      method: 'POST',
      headers: MEMBER,
    })
  ).json()
  return { environmentId: environment.id, ...credentials }
}

/** `start(args, env)` runs the CLI; every run a test started and left running is killed after it. */
export function useCliRuns(): (args: string[], env?: NodeJS.ProcessEnv) => CliRun {
  const runs: CliRun[] = []
  afterEach(() => {
    for (const run of runs.splice(0)) if (run.child.exitCode === null) run.child.kill('SIGKILL')
  })
  return (args, env) => {
    const run = runCli(args, env)
    runs.push(run)
    return run
  }
}
