/**
 * @module
 * What one Vitest worker holds: the file's shared mock (reset before each test), a fresh mock per
 * `test.concurrent` test, and which one the running test's requests go to. The state lives on
 * `globalThis` so the setup file and the `test` a test file imports share it even when they were
 * loaded as separate copies (ESM and CJS builds, inlined and external modules).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { RequestHandler } from 'msw'
import { createReplicaMock, type ReplicaMock } from '../../src/index.js'
import { createReplicaServer, type ReplicaServer } from '../../src/server/index.js'
import type { ResolvedPluginOptions } from './options.js'
import { mswHttp } from '../../src/msw.js'

/** One HTTP call the mock answered while a test ran (management, control or native). */
export interface RecordedCall {
  method: string
  /** Path without the query, e.g. `/v1/environments`. */
  path: string
  /** Query string without `?`; empty when none (and always in server mode). */
  query: string
  status: number
  /** Mock-clock time the call was answered. */
  at: string
}

/** The mock one test talks to, and what it saw. */
export interface ReplicaSlot {
  readonly mock: ReplicaMock
  /** Where the code under test should send requests: the mock's baseUrl or the server's URL. */
  readonly url: string
  /** A workspace API key of the loaded fixture (`test-api-key` in the default one). */
  readonly apiKey: string
  /** Server mode over https: the local CA's certificate file. */
  readonly caFile?: string
  readonly calls: RecordedCall[]
  /** Set once a test asks for the `replica` fixture (forensics are written for those). */
  usedByFixture: boolean
  /** Back to the fixture, with an empty call log. */
  reset(): Promise<void>
  close(): Promise<void>
}

export interface WorkerState {
  readonly options: ResolvedPluginOptions
  /** The slot the running code's requests go to. */
  currentSlot(): Promise<ReplicaSlot>
  /** Answers `request` with the slot's mock and records the call. */
  answer(slot: ReplicaSlot, request: Request): Promise<Response>
  /** The slot of the file (created on first use). */
  shared(): Promise<ReplicaSlot>
  /** The slot of the file, if one was created. */
  sharedIfOpen(): ReplicaSlot | undefined
  /** The slot a test uses: the shared one, or its own when the test is concurrent. */
  slotFor(task: TaskLike): Promise<ReplicaSlot>
  /** Runs `fn` with requests routed to `slot`. */
  runWith<T>(slot: ReplicaSlot, fn: () => T): T
  /** Closes a concurrent test's own slot once the test is done. */
  release(slot: ReplicaSlot): Promise<void>
  /** Closes every open slot (afterAll). */
  close(): Promise<void>
}

export interface TaskLike {
  name: string
  concurrent?: boolean
}

const kWorkerState = Symbol.for('replica-mock.vitest.worker-state')
type Global = typeof globalThis & { [kWorkerState]?: WorkerState }

/**
 * The MSW handlers of the worker: one catch-all that answers with whichever mock the running test
 * uses (one handler, because msw's cost grows with every registered handler). Requests not under
 * the mock's base URL fall through to the next handler, or to `onUnhandledRequest`.
 */
export const handlers: RequestHandler[] = [
  mswHttp().all(
    async ({ request }) => {
      if (!hasWorkerState()) return false
      const { mock } = await getWorkerState().currentSlot()
      return request.url.startsWith(`${mock.baseUrl}/`)
    },
    async ({ request }) => {
      const state = getWorkerState()
      return state.answer(await state.currentSlot(), request)
    },
  ),
]

/** The worker's state; the setup file creates it, everything else finds it here. */
export function getWorkerState(): WorkerState {
  const state = (globalThis as Global)[kWorkerState]
  if (!state) {
    throw new Error(
      '[replica-mock] Failed to find the Vitest worker state: add `replicaMock()` to the `plugins` of your vitest.config.ts',
    )
  }
  return state
}

export function hasWorkerState(): boolean {
  return (globalThis as Global)[kWorkerState] !== undefined
}

export function installWorkerState(options: ResolvedPluginOptions): WorkerState {
  const existing = (globalThis as Global)[kWorkerState]
  if (existing) return existing
  const state = createWorkerState(options)
  ;(globalThis as Global)[kWorkerState] = state
  return state
}

function createWorkerState(options: ResolvedPluginOptions): WorkerState {
  const current = new AsyncLocalStorage<ReplicaSlot>()
  const slots = new WeakMap<object, Promise<ReplicaSlot>>()
  const open = new Set<ReplicaSlot>()
  let shared: Promise<ReplicaSlot> | undefined
  // requests made outside any test (beforeAll, module scope) go to the shared mock
  let sharedSlot: ReplicaSlot | undefined

  const openSlot = async (): Promise<ReplicaSlot> => {
    const slot = await createSlot(options)
    open.add(slot)
    return slot
  }

  const state: WorkerState = {
    options,
    currentSlot: async () => current.getStore() ?? sharedSlot ?? (await state.shared()),
    async answer(slot, request) {
      const response = await slot.mock.fetch(request)
      const url = new URL(request.url)
      slot.calls.push({
        method: request.method,
        path: url.pathname,
        query: url.search.slice(1),
        status: response.status,
        at: slot.mock.clock.now().toISOString(),
      })
      return response
    },
    shared() {
      shared ??= openSlot().then((slot) => {
        sharedSlot = slot
        return slot
      })
      return shared
    },
    sharedIfOpen: () => sharedSlot,
    slotFor(task) {
      if (!task.concurrent) return state.shared()
      let slot = slots.get(task)
      if (!slot) {
        slot = openSlot()
        slots.set(task, slot)
      }
      return slot
    },
    runWith: (slot, fn) => current.run(slot, fn),
    async release(slot) {
      open.delete(slot)
      await slot.close()
    },
    async close() {
      const closing = [...open].map((slot) => slot.close())
      open.clear()
      shared = undefined
      sharedSlot = undefined
      await Promise.all(closing)
    },
  }
  return state
}

async function createSlot(options: ResolvedPluginOptions): Promise<ReplicaSlot> {
  const calls: RecordedCall[] = []
  let server: ReplicaServer | undefined
  let mock: ReplicaMock
  if (options.mode === 'server') {
    server = await createReplicaServer({
      ...options.mock,
      port: 0,
      https: options.https === false ? undefined : options.https,
      onRequest: ({ method, path, status }) =>
        calls.push({ method, path, query: '', status, at: server!.mock.clock.now().toISOString() }),
    })
    mock = server.mock
  } else {
    mock = createReplicaMock(options.mock)
    await mock.ready()
  }
  const apiKey = mock.apiKeys.all()[0]?.token ?? ''
  const slot: ReplicaSlot = {
    mock,
    url: server?.url ?? mock.baseUrl,
    apiKey,
    caFile: server?.localCa?.files.caCert,
    calls,
    usedByFixture: false,
    async reset() {
      calls.length = 0
      slot.usedByFixture = false
      await mock.reset()
    },
    async close() {
      const closing = server
      server = undefined
      await closing?.close()
    },
  }
  return slot
}
