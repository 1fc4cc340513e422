/**
 * Runs the Salesforce CLI (`sf`, a dev dependency) as a user would, headless: a scratch HOME (its
 * auth files, keys and config stay there), no telemetry, no update checks, no log file, and
 * `--json` so the answer is `{ status, result }` on stdout.
 * @note `SF_AUTOUPDATE_DISABLE` alone would switch oclif's autoupdate hook on; both names are set
 * (oclif reads either).
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const SF = resolve('node_modules/.bin/sf')

export interface SfResult<T = any> {
  /** The process exit code. */
  code: number
  /** The parsed `--json` output: `status` 0 and `result` on success, `name`/`message` on failure. */
  json: { status: number; result: T; name?: string; message?: string; [key: string]: unknown }
  stderr: string
}

export interface SfCli {
  /** The scratch HOME (and working directory) of this CLI. */
  readonly home: string
  run<T = any>(args: readonly string[], env?: Record<string, string>): Promise<SfResult<T>>
  /** Removes the scratch HOME. */
  dispose(): Promise<void>
}

export async function createSfCli(): Promise<SfCli> {
  const home = await mkdtemp(join(tmpdir(), 'replica-sf-'))
  const env = {
    ...process.env,
    HOME: home,
    SF_DISABLE_TELEMETRY: 'true',
    SF_DISABLE_AUTOUPDATE: 'true',
    SF_AUTOUPDATE_DISABLE: 'true',
    SF_SKIP_NEW_VERSION_CHECK: 'true',
    SF_USE_GENERIC_UNIX_KEYCHAIN: 'true',
    SF_DISABLE_LOG_FILE: 'true',
    SF_LOG_LEVEL: 'fatal',
  }
  return {
    home,
    run(args, extra = {}) {
      return new Promise((done, fail) => {
        execFile(
          SF,
          [...args, '--json'],
          { cwd: home, env: { ...env, ...extra }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
          (error, stdout, stderr) => {
            const code = error ? Number((error as { code?: unknown }).code ?? 1) : 0
            try {
              done({ code, json: JSON.parse(stdout), stderr })
            } catch {
              fail(new Error(`sf ${args.join(' ')} printed no JSON (exit ${code}): ${stdout}\n${stderr}`))
            }
          },
        )
      })
    },
    dispose: () => rm(home, { recursive: true, force: true }),
  }
}
