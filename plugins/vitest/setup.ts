/**
 * @module
 * The setup file `replicaMock()` adds to every test file of the project: it starts MSW (or the
 * standalone server) for the worker, gives every test a reset mock — its own one when the test is
 * concurrent — routes the test's requests to it, attaches forensics when a test that used it
 * fails, and registers the matchers.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setupServer } from 'msw/node'
import { afterAll, aroundEach, beforeAll, expect, inject, recordArtifact } from 'vitest'
import { listenOptions } from '../../src/msw.js'
import { handOver, usageOf } from './fidelity.js'
import { takeForensics, writeForensics } from './forensics.js'
import { eventMatchers } from './event-matchers.js'
import { replicaMatchers } from './matchers.js'
import { handlers, installWorkerState } from './worker-state.js'

const options = inject('replica-mock')
if (!options) {
  throw new Error(
    '[replica-mock] Failed to start: the setup file runs without the plugin; add `replicaMock()` to the `plugins` of your vitest.config.ts',
  )
}
const state = installWorkerState(options)

expect.extend(replicaMatchers)
expect.extend(eventMatchers)

if (options.mode === 'msw' && options.setupServer) {
  const server = setupServer(...handlers)
  beforeAll(() => server.listen(listenOptions(options.onUnhandledRequest)))
  afterAll(() => server.close())
}

if (options.mode === 'server') {
  beforeAll(async () => {
    const slot = await state.shared()
    // for child processes the tests spawn: they inherit the worker's environment
    process.env.REPLICA_MOCK_URL = slot.url
    process.env.REPLICA_MOCK_API_KEY = slot.apiKey
    if (slot.caFile) {
      process.env.REPLICA_MOCK_CA_FILE = slot.caFile
      process.env.NODE_EXTRA_CA_CERTS = extraCaCerts(slot.caFile, process.env.NODE_EXTRA_CA_CERTS)
    }
  })
}

// the file this setup file runs for (vitest runs it once per test file)
let file: { meta: object } | undefined

afterAll(async () => {
  // what hooks and module code asked outside any test goes to the file
  const slot = state.sharedIfOpen()
  const usage = slot && usageOf(slot.mock)
  if (usage && file) handOver(usage, file)
  await state.close()
})

aroundEach(async (runTest, { task }) => {
  const slot = await state.slotFor(task)
  // a concurrent test's mock is its own and fresh; the shared one is reset for each test
  if (!task.concurrent) await slot.reset()
  const usage = usageOf(slot.mock)
  file = task.file
  if (usage) {
    // what the mock counted before this test (hooks, module code) is the file's, not the test's
    if (task.file) handOver(usage, task.file)
    usage.test = task.fullTestName ?? task.name
  }
  try {
    await state.runWith(slot, runTest)
    if (task.result?.state === 'fail' && slot.usedByFixture) {
      const bundle = await takeForensics(slot, task.fullTestName ?? task.name)
      const file = writeForensics(bundle)
      const artifact = await recordArtifact(task, {
        type: 'replica-mock:forensics',
        message: 'replica state, calls and audit events at the failure',
        attachments: [{ path: file, contentType: 'application/json' }],
      })
      const saved = artifact.attachments?.[0]?.path ?? file
      console.error(
        `[replica-mock] forensics of the failed test: ${saved} (${bundle.calls.length} calls, ${bundle.auditEvents.length} audit events, clock ${bundle.clock.now}); replay with \`await replica.use('${saved}')\``,
      )
    }
  } finally {
    if (usage) {
      handOver(usage, task)
      usage.test = null
    }
    if (task.concurrent) await state.release(slot)
  }
})

/**
 * Node children trust the CA on top of the usual roots. NODE_EXTRA_CA_CERTS names one file: one
 * already set keeps working, joined with the CA in a bundle of this worker's.
 */
function extraCaCerts(caFile: string, current: string | undefined): string {
  if (!current || current === caFile) return caFile
  const ca = readFileSync(caFile, 'utf8')
  const trusted = readFileSync(current, 'utf8')
  // the worker's next test file: the bundle made for the last one holds the CA already
  if (trusted.includes(ca.trim())) return current
  const bundle = join(mkdtempSync(join(tmpdir(), 'replica-mock-ca-')), 'extra-ca-certs.pem')
  writeFileSync(bundle, `${trusted.trimEnd()}\n${ca}`)
  return bundle
}
