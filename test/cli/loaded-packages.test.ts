/**
 * What a fresh process loads before its first request (issue 44, decision 0046): importing the
 * package, creating a mock and answering one /v1 call, and `replica-mock serve` up to its
 * listening line, load none of the packages that only lazily loaded surfaces use. A module hook
 * in the child reports every package file it loads; CommonJS packages are looked up in the
 * require cache.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'
import { listeningUrl, runCli, type CliRun } from './run-cli.js'

const HOOKS = `export async function load(url, context, next) {
  const name = url.match(/\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//)?.[1]
  if (name) process.stderr.write('loaded-package ' + name + '\\n')
  return next(url, context)
}`
const REGISTER = `import { register } from 'node:module'
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)})`
const WITH_HOOKS = ['--import', 'tsx', '--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`]

/** Packages only lazily loaded surfaces use (SOAP and SFDX XML, Bulk CSV, HTTPS). */
const LAZY_PACKAGES = ['saxes', 'csv-parse', 'csv-stringify', 'pkijs']

function packagesIn(stderr: string): Set<string> {
  return new Set([...stderr.matchAll(/^loaded-package (\S+)$/gm)].map((match) => match[1]!))
}

const INDEX = fileURLToPath(new URL('../../src/index.ts', import.meta.url))
const PROBE = `
import { createRequire } from 'node:module'
const { createReplicaMock } = await import(${JSON.stringify(INDEX)})
const mock = createReplicaMock()
const response = await mock.fetch(new Request(mock.baseUrl + '/v1/workspaces', { headers: { authorization: 'Bearer test-api-key' } }))
const required = Object.keys(createRequire(process.cwd() + '/').cache)
  .map((file) => file.match(/\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//)?.[1]).filter(Boolean)
for (const name of new Set(required)) process.stderr.write('loaded-package ' + name + '\\n')
console.log('status ' + response.status)
// msw loads when the MSW handlers are first read (setupServer(...mock.handlers))
console.log('handlers ' + mock.handlers.length)
`

function runProbe(): Promise<{ stdout: string; stderr: string; code: number | null }> {
  const child = spawn(process.execPath, [...WITH_HOOKS, '--input-type=module', '-e', PROBE], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  return new Promise((resolve) => child.once('exit', (code) => resolve({ stdout, stderr, code })))
}

describe('what loads before the first request', () => {
  let run: CliRun | undefined
  afterEach(() => {
    run?.child.kill('SIGKILL')
    run = undefined
  })

  test('import, createReplicaMock() and one /v1 call load no package of a lazy surface, nor msw', async () => {
    const { stdout, stderr, code } = await runProbe()
    expect(code, stderr).toBe(0)
    expect(stdout).toContain('status 200')
    expect(stdout).toContain('handlers 1')
    const loaded = packagesIn(stderr)
    // the hook sees what is loaded: the packages every call needs are there; msw is not, before
    // the handlers are read
    expect([...loaded]).toEqual(expect.arrayContaining(['zod', 'hono', '@msw/data']))
    expect([...LAZY_PACKAGES, 'msw'].filter((name) => loaded.has(name))).toEqual([])
  })

  test('replica-mock serve loads neither msw nor a lazy surface package before listening', async () => {
    run = runCli(['serve', '--port', '0', '--quiet'], {
      ...process.env,
      NODE_OPTIONS: WITH_HOOKS.slice(2).join(' '),
    })
    await listeningUrl(run)
    const loaded = packagesIn(run.stderr())
    expect([...loaded]).toEqual(expect.arrayContaining(['zod', 'hono', '@hono/node-server']))
    expect([...LAZY_PACKAGES, 'msw'].filter((name) => loaded.has(name))).toEqual([])
  })
})
