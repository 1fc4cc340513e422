/**
 * Runs a real test runner (Vitest or Playwright) on a tiny project written to a temporary folder
 * inside the repository (so `vitest`, `msw` and `@playwright/test` resolve from its node_modules),
 * like Vitest's `runInlineTests` and Playwright's `runInlineTest`.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
export const VITEST_PLUGIN = join(ROOT, 'plugins/vitest/index.ts')
export const PLAYWRIGHT_PLUGIN = join(ROOT, 'plugins/playwright/index.ts')
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-gpu',
]

export interface TestResult {
  /** `file > suite > test` (file relative to the project) -> `passed` | `failed` | `skipped` ... */
  status: Record<string, string>
  code: number | null
  /** stdout and stderr together. */
  output: string
  dir: string
}

let counter = 0
const RUN_TIMEOUT_MS = 90_000

const written: string[] = []

/** Writes `files` into a fresh folder and returns its path. */
export function writeProject(name: string, files: Record<string, string>): string {
  const dir = join(ROOT, '.tmp', 'plugin-tests', `${name}-${process.pid}-${Date.now()}-${counter++}`)
  written.push(dir)
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), content)
  }
  return dir
}

/** Removes the projects this file wrote (call it in afterAll). */
export function removeProjects(): void {
  for (const dir of written.splice(0)) rmSync(dir, { recursive: true, force: true })
}

export async function runVitest(dir: string, env: Record<string, string> = {}): Promise<TestResult> {
  const report = join(dir, 'report.json')
  const run = await spawnRunner(
    [
      join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--root',
      dir,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    dir,
    env,
  )
  const status: Record<string, string> = {}
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[]
    }
    for (const file of json.testResults) {
      const relative = file.name.slice(dir.length + 1)
      for (const test of file.assertionResults) status[`${relative} > ${test.fullName}`] = test.status
    }
  }
  return { ...run, status, dir }
}

export async function runPlaywright(dir: string, env: Record<string, string> = {}): Promise<TestResult> {
  const report = join(dir, 'report.json')
  const run = await spawnRunner(
    [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '-c', dir, '--reporter=list,json'],
    dir,
    { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  )
  const status: Record<string, string> = {}
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'))
    const visit = (suite: any, path: string[]) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          status[[...path, spec.title].join(' > ')] = test.results.at(-1)?.status ?? test.status
        }
      }
      for (const child of suite.suites ?? []) visit(child, [...path, child.title])
    }
    for (const suite of json.suites ?? []) visit(suite, [suite.title])
  }
  return { ...run, status, dir }
}

function spawnRunner(
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  // the inner runner must not think it runs inside this Vitest worker
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV'),
  )
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...inherited, FORCE_COLOR: '0', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    // a hung inner run must not hang this one: it fails with what it printed so far
    const timer = setTimeout(() => {
      output += `\n[inline-project] killed after ${RUN_TIMEOUT_MS} ms`
      child.kill('SIGKILL')
    }, RUN_TIMEOUT_MS)
    child.once('error', reject)
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}
