/**
 * @module
 * The package as `npm publish` would ship it: this checkout's `dist/`, built by `npm run build`
 * (tsup with `tsup.config.ts`, type declarations and all). Benches that time what users run (start
 * a process, import the package) use it, not the sources through tsx. `builtPackage()` builds it
 * when it is missing or older than a source file, then checks what it imports
 * (`scripts/check-package.ts`): a figure of a package users cannot install is no figure.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
/** What the build reads: a change to any of them makes `dist/` stale. */
const INPUTS = ['src', 'plugins', 'tsup.config.ts', 'package.json']
/** Entries every startup figure runs. */
const ENTRIES = ['index.js', 'server/cli.js', 'plugins/vitest/index.js', 'plugins/vitest/setup.js']

export interface BuiltPackage {
  root: string
  dist: string
}

let checked: BuiltPackage | undefined

/**
 * `dist/` of this checkout, built now if missing or stale.
 * @example
 * const { dist } = builtPackage()
 * spawn(process.execPath, [join(dist, 'server/cli.js'), 'serve', '--port', '0'])
 */
export function builtPackage(): BuiltPackage {
  if (checked) return checked
  const dist = join(ROOT, 'dist')
  const reason = staleReason(dist)
  if (reason !== undefined) {
    console.log(`  building the package (npm run build): ${reason}`)
    run('npm', ['run', 'build'], 'build the package')
    const still = staleReason(dist)
    if (still !== undefined) throw new Error(`[bench] Failed to build the package: ${still}`)
  }
  run(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/check-package.ts'],
    'check dist/',
  )
  checked = { root: ROOT, dist }
  return checked
}

function staleReason(dist: string): string | undefined {
  let oldestEntry = Number.POSITIVE_INFINITY
  for (const entry of ENTRIES) {
    const file = join(dist, entry)
    if (!existsSync(file)) return `dist/${entry} is missing`
    oldestEntry = Math.min(oldestEntry, statSync(file).mtimeMs)
  }
  for (const input of INPUTS) {
    const newer = newerFile(join(ROOT, input), oldestEntry)
    if (newer !== undefined) return `${newer.slice(ROOT.length)} is newer than dist/`
  }
  return undefined
}

function newerFile(path: string, than: number): string | undefined {
  const stat = statSync(path)
  // a unit test beside the sources is not built
  if (!stat.isDirectory()) return stat.mtimeMs > than && !path.endsWith('.test.ts') ? path : undefined
  for (const entry of readdirSync(path)) {
    const newer = newerFile(join(path, entry), than)
    if (newer !== undefined) return newer
  }
  return undefined
}

function run(command: string, args: string[], what: string): void {
  // the build's and the check's output go to stderr: stdout holds the figures
  const { status, error } = spawnSync(command, args, { cwd: ROOT, stdio: ['ignore', 2, 2] })
  if (error || status !== 0) {
    throw new Error(
      `[bench] Failed to ${what}: ${command} ${args.join(' ')} ${error?.message ?? `exited ${status}`}`,
    )
  }
}
