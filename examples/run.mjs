// `npm run test:examples`: installs each example against the freshly built package (npm ci, from
// the npm cache) and runs its own `npm test`, as a user of the package would.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const inCi = process.env.CI === 'true' || process.env.CI === '1'
const examples = [
  { name: 'vitest', browser: false },
  { name: 'playwright', browser: true },
]

const results = { passed: 0, failed: 0, skipped: 0 }
for (const example of examples) {
  const cwd = fileURLToPath(new URL(`./${example.name}/`, import.meta.url))
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
  console.log(`\n== examples/${example.name}`)
  const ok = install(cwd) && run('npm', ['test'], cwd)
  if (ok) results.passed++
  else {
    results.failed++
    console.error(`examples/${example.name}: FAILED`)
  }
}

const skipped = results.skipped ? `, ${results.skipped} skipped` : ''
console.log(`\nexamples: ${results.passed} passed, ${results.failed} failed${skipped}`)
process.exitCode = results.failed > 0 ? 1 : 0

function install(cwd) {
  if (run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], cwd)) return true
  // the lockfile records the package's own dependencies: when they changed, refresh it
  console.warn('npm ci failed (lockfile out of date?); running npm install')
  return run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], cwd)
}

function run(command, args, cwd) {
  const { status } = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env })
  return status === 0
}
