import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  removeProjects,
  runVitest,
  type TestResult,
  VITEST_PLUGIN,
  writeProject,
} from './support/inline-project.js'

afterAll(removeProjects)

let result: TestResult
const tlsDir = join(mkdtempSync(join(tmpdir(), 'replica-vitest-tls-')), 'tls')

beforeAll(async () => {
  result = await runVitest(
    writeProject('vitest-https-server-mode', {
      'vitest.config.ts': `
import { defineConfig } from 'vitest/config'
import { replicaMock } from '${VITEST_PLUGIN}'
export default defineConfig({ plugins: [replicaMock({ mode: 'server', https: { tlsDir: ${JSON.stringify(tlsDir)} } })] })
`,
      'https.test.ts': `
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { test, expect } from '${VITEST_PLUGIN}'
test('a child process reaches the https server, trusting the CA it is handed', async ({ replica }) => {
  expect(process.env.REPLICA_MOCK_URL).toMatch(/^https:\\/\\/127\\.0\\.0\\.1:\\d+$/)
  expect(process.env.REPLICA_MOCK_CA_FILE).toBe(${JSON.stringify(join(tlsDir, 'ca.pem'))})
  await replica.seed.environment({ name: 'over-tls' })
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', \`
    fetch(process.env.REPLICA_MOCK_URL + '/v1/environments', { headers: { authorization: 'Bearer test-api-key' } })
      .then((r) => r.json()).then((j) => console.log(JSON.stringify(j.data.map((e) => e.name))))
  \`], { encoding: 'utf8' })
  expect(JSON.parse(stdout)).toEqual(['over-tls'])
})
`,
    }),
  )
})

it('server mode over https: children reach the server through REPLICA_MOCK_URL with the CA in NODE_EXTRA_CA_CERTS', () => {
  expect(
    result.status['https.test.ts > a child process reaches the https server, trusting the CA it is handed'],
    result.output,
  ).toBe('passed')
})
