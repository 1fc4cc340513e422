/**
 * @module
 * Two generated Vitest projects of the same size, in a temp dir, installed as a user's would be:
 * - `plugin`: `replicaMock()` from `replica-mock/vitest` in its config, test files importing
 *   `test` from it, each test fetching `GET /v1/workspaces/ws_default` (the plugin resets the
 *   replica before every test);
 * - `msw`: a setup file starting MSW with one trivial handler, each test fetching it.
 * Default isolation and pool in both. The package in `node_modules/replica-mock` holds the files
 * `npm pack` would publish (copied from this checkout), so Vitest loads it from `node_modules` as
 * it does for users (externalised, not transformed); every other package is a link to this
 * checkout's `node_modules`.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

export interface VitestSuites {
  /** Project directory of each suite (run `vitest run` there). */
  plugin: string
  msw: string
  remove(): void
}

const BODY = { id: 'ws_default', name: 'Default workspace' }

/**
 * @param root this checkout, whose `dist/` is built
 * @param files test files per suite
 * @param testsPerFile tests per file, one fetch each
 */
export function createVitestSuites(root: string, files: number, testsPerFile: number): VitestSuites {
  const dir = mkdtempSync(join(tmpdir(), 'replica-bench-vitest-'))
  try {
    installPackages(root, join(dir, 'node_modules'))
    const plugin = join(dir, 'plugin')
    writeProject(plugin, {
      'vitest.config.mjs': `import { defineConfig } from 'vitest/config'
import { replicaMock } from 'replica-mock/vitest'

export default defineConfig({ plugins: [replicaMock()] })
`,
      ...testFiles(files, testsPerFile, {
        imports: `import { expect, test } from 'replica-mock/vitest'`,
        url: 'https://api.replica.test/v1/workspaces/ws_default',
        init: `{ headers: { authorization: 'Bearer test-api-key' } }`,
      }),
    })
    const msw = join(dir, 'msw')
    writeProject(msw, {
      'vitest.config.mjs': `import { defineConfig } from 'vitest/config'

export default defineConfig({ test: { setupFiles: ['./msw-setup.ts'] } })
`,
      'msw-setup.ts': `import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'

const server = setupServer(http.get('https://bare.test/x', () => HttpResponse.json(${JSON.stringify(BODY)})))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
`,
      ...testFiles(files, testsPerFile, {
        imports: `import { expect, test } from 'vitest'`,
        url: 'https://bare.test/x',
        init: '{}',
      }),
    })
    return { plugin, msw, remove: () => rmSync(dir, { recursive: true, force: true }) }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

/** `replica-mock` as `npm pack` would publish it; every other package linked. */
function installPackages(root: string, nodeModules: string): void {
  mkdirSync(nodeModules)
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    // .bin, .cache, .vite: tools' own, not packages
    if (entry.startsWith('.') || entry === 'replica-mock') continue
    symlinkSync(join(root, 'node_modules', entry), join(nodeModules, entry))
  }
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  ) as { files: { path: string }[] }[]
  const target = join(nodeModules, 'replica-mock')
  for (const { path } of packed[0]!.files) {
    mkdirSync(dirname(join(target, path)), { recursive: true })
    cpSync(join(root, path), join(target, path))
  }
}

function writeProject(dir: string, files: Record<string, string>): void {
  mkdirSync(join(dir, 'test'), { recursive: true })
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n')
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
}

function testFiles(
  files: number,
  testsPerFile: number,
  call: { imports: string; url: string; init: string },
): Record<string, string> {
  const tests = Array.from(
    { length: testsPerFile },
    (_, i) => `test('fetch ${i + 1}', async () => {
  const response = await fetch('${call.url}', ${call.init})
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({ id: 'ws_default' })
})
`,
  ).join('\n')
  const text = `${call.imports}\n\n${tests}`
  return Object.fromEntries(
    Array.from({ length: files }, (_, i) => [`test/file-${String(i + 1).padStart(3, '0')}.test.ts`, text]),
  )
}
