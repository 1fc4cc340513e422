/**
 * @module
 * What the HTTP benches start, built as the package ships: tsup with the project's own
 * `tsup.config.ts` (the same target, shims and externals as `dist/server/cli.js`, which
 * `npx replica-mock serve` runs), ESM only, no type declarations. The CLI, and the baseline servers
 * in `bench/servers` beside it, so both sides of a ratio run code compiled the same way. Not the
 * sources through tsx: tsx's transform names every function it creates (`__name`, once per closure
 * made) and its loader hooks stay installed, which users do not pay. Built once per bench process
 * into `node_modules/.cache/replica-bench/`, in a few seconds.
 */
import { cpSync, readdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'tsup'
import shipped from '../../tsup.config.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SERVERS = join(ROOT, 'bench', 'servers')
const builds = new Map<string, Promise<string>>()

/**
 * The built `replica-mock` CLI of the checkout at `root` (this one by default).
 * @example
 * spawn(process.execPath, [await builtCli(), 'serve', '--port', '0'])
 */
export async function builtCli(root = ROOT): Promise<string> {
  return join(await built(resolve(root)), 'server', 'cli.js')
}

/** The built baseline server `bench/servers/{name}.ts`. */
export async function builtServer(name: string): Promise<string> {
  return join(await built(resolve(ROOT)), 'servers', `${name}.js`)
}

function built(checkout: string): Promise<string> {
  let done = builds.get(checkout)
  if (!done) {
    done = buildEntries(checkout)
    builds.set(checkout, done)
  }
  return done
}

async function buildEntries(checkout: string): Promise<string> {
  if (Array.isArray(shipped) || typeof shipped === 'function') {
    throw new TypeError('[bench] Failed to build the CLI: tsup.config.ts must export one options object')
  }
  const outDir = join(ROOT, 'node_modules', '.cache', 'replica-bench', checkout.replaceAll(/\W+/g, '_'))
  const entry: Record<string, string> = { 'server/cli': join(checkout, 'src/server/cli.ts') }
  // the baselines only of this checkout (another one is built for its CLI, to compare before/after)
  if (checkout === resolve(ROOT)) {
    for (const file of readdirSync(SERVERS)) {
      if (file.endsWith('.ts')) entry[`servers/${file.slice(0, -3)}`] = join(SERVERS, file)
    }
  }
  rmSync(outDir, { recursive: true, force: true })
  await build({
    ...shipped,
    entry,
    format: ['esm'],
    dts: false,
    sourcemap: false,
    outDir,
    config: false,
    silent: true,
    // the inspector's files, where the built CLI looks for them (beside it, as in dist/)
    onSuccess: async () => {
      const assets = join(checkout, 'src/handlers/inspector/inspector-assets')
      cpSync(assets, join(outDir, 'inspector-assets'), { recursive: true })
    },
  })
  return outDir
}
