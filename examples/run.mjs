// `npm run test:examples` (after `npm run build`): each example, copied into a fresh folder, gets
// the packed package (`npm pack`) with a plain `npm install`, as a new project would, and runs its
// own `npm test`. An ERESOLVE (a peer range that shuts a major out) or an import error fails it.
//   --majors=current   the examples with the current majors instead (scripts/current-majors.mjs)
//   --tarball=FILE     install this packed package instead of packing the repository
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { withCurrentMajors } from '../scripts/current-majors.mjs'

const { values: flags } = parseArgs({
  options: { majors: { type: 'string', default: 'tested' }, tarball: { type: 'string' } },
})
if (!['tested', 'current'].includes(flags.majors)) {
  console.error(`--majors must be tested or current, not ${flags.majors}`)
  process.exit(2)
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const inCi = process.env.CI === 'true' || process.env.CI === '1'
const root = fileURLToPath(new URL('..', import.meta.url))
const examples = [
  { name: 'vitest', browser: false, args: () => [] },
  {
    name: 'playwright',
    browser: true,
    // network mode routes the page through @msw/playwright, which a leg on msw 3 cannot install
    args: (manifest) => (has(manifest, '@msw/playwright') ? [] : ['tests/server-mode.spec.ts']),
  },
]

const scratch = mkdtempSync(join(tmpdir(), 'replica-mock-examples-'))
const tarball = flags.tarball ? resolve(flags.tarball) : pack(scratch)
const results = { passed: 0, failed: 0, skipped: 0 }
for (const example of examples) {
  if (example.browser && !existsSync(chromium)) {
    // without a browser: a failure in CI, a one-line notice elsewhere
    const notice = `no Chromium at ${chromium} (install one: apt-get install -y chromium)`
    if (inCi) {
      console.error(`examples/${example.name}: FAILED: ${notice}`)
      results.failed++
    } else {
      console.warn(`examples/${example.name}: skipped: ${notice}`)
      results.skipped++
    }
    continue
  }
  console.log(`\n== examples/${example.name} (${flags.majors} majors, node ${process.version})`)
  const cwd = join(scratch, example.name)
  const manifest = freshProject(example.name, cwd, tarball)
  const ok =
    run('npm', ['install'], cwd) &&
    run('npm', ['ls', '--depth=0'], cwd) &&
    run('npm', ['test', '--', ...example.args(manifest)], cwd)
  if (ok) results.passed++
  else {
    results.failed++
    console.error(`examples/${example.name}: FAILED (the project is kept in ${cwd})`)
  }
}

const skipped = results.skipped ? `, ${results.skipped} skipped` : ''
console.log(`\nexamples: ${results.passed} passed, ${results.failed} failed${skipped}`)
if (results.failed === 0) rmSync(scratch, { recursive: true, force: true })
process.exitCode = results.failed > 0 ? 1 : 0

/** `npm pack` of the repository (its built dist/) into `dir`; the tarball's path. */
function pack(dir) {
  const { status, stdout } = spawnSync('npm', ['pack', '--pack-destination', dir, '--json'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  if (status !== 0) throw new Error('npm pack failed')
  return join(dir, JSON.parse(stdout)[0].filename)
}

/** The example's files (without installs or lockfile) in `cwd`, depending on `tarball`. */
function freshProject(name, cwd, tarball) {
  const source = join(root, 'examples', name)
  const skip = new Set(['node_modules', 'package-lock.json', 'test-results', 'playwright-report'])
  cpSync(source, cwd, {
    recursive: true,
    filter: (path) => !skip.has(path.slice(source.length + 1).split('/')[0]),
  })
  const tested = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'))
  const manifest = flags.majors === 'current' ? withCurrentMajors(tested) : tested
  manifest.devDependencies['replica-mock'] = `file:${tarball}`
  writeFileSync(join(cwd, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

function has(manifest, name) {
  return Boolean(manifest.dependencies?.[name] ?? manifest.devDependencies?.[name])
}

function run(command, args, cwd) {
  const { status } = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env })
  return status === 0
}
