/**
 * @module
 * CRM record read by id and record create with 10k Accounts loaded, through the gateway and the
 * replica's REST routes, against the servers users would pick instead, each started as its users
 * start it and answering the same JSON:
 * - over HTTP, `replica-mock serve` (default flags, stdout read by this busy process) vs WireMock
 *   3 (npm `wiremock`, its jar on the machine's Java, static stubs, warmed up 8 s: Java speeds up
 *   under load): read >= 1x, create >= 0.75x; vs json-server 0.17 on the same Accounts: >= 4x
 *   each. Floor: the work a read and a create must do, each step the simplest way
 *   (`bench/servers/hono-floor.ts`, `native`), against WireMock. Figures: bare `node:http`.
 * - in-process, the whole call through `mock.fetch` (making its `Request` to reading its answer)
 *   vs a minimal Hono app answering the same JSON with no domain work (<= 1.3x); floor: the
 *   required work the simplest way, in-process (`requiredWorkNativeApp`).
 */
import { createReplicaMock } from '../../src/index.js'
import { seedCrm } from '../lib/crm-seed.js'
import { type Comparison, defineBench } from '../lib/define-bench.js'
import { compareHttp, type HttpTarget } from '../lib/measure-http.js'
import { compareLoop } from '../lib/measure-loop.js'
import { minimalNativeApp, requiredWorkNativeApp } from '../lib/minimal-hono.js'
import { spawnCli, spawnJsonServer, spawnServer, spawnWireMock } from '../lib/spawn-server.js'
import type { Measurement } from '../lib/stats.js'

const V = '/services/data/v60.0'
const RECORDS = 10_000
const CREATE_BODY = '{"Name":"Bench Account","Industry":"Banking"}'
const json = { 'content-type': 'application/json' }
const JSON_ANSWER = { 'Content-Type': 'application/json;charset=UTF-8' }
/** WireMock's warm-up: its JIT compiles the request path under load. */
const JVM_WARMUP_SECONDS = 8

async function ok(response: Response, status = 200): Promise<string> {
  const text = await response.text()
  if (response.status !== status) throw new Error(`Failed: ${response.status} ${text}`)
  return text
}

/**
 * In-process: a mock holding 10k Accounts, its native read and create through `mock.fetch`, a
 * minimal Hono app making the same two answers, and the required work done the simplest way.
 */
async function inProcess(): Promise<{ read: Measurement[]; create: Measurement[] }> {
  const mock = createReplicaMock()
  await mock.ready()
  const environment = await mock.seed.environment({ apps: ['crm'] })
  const [readId] = mock.records(environment.id).insert(
    'Account',
    Array.from({ length: RECORDS }, (_, n) => ({ Name: `Account ${n}`, Industry: 'Banking' })),
  )
  const credentials = JSON.parse(
    await ok(
      await mock.fetch(
        new Request(`${mock.baseUrl}/v1/environments/${environment.id}/apps/crm/credentials`, {
          method: 'POST',
          headers: { authorization: 'Bearer test-member-token' },
        }),
      ),
    ),
  ) as { url: string; token: string }
  const app = new URL(credentials.url).pathname
  const auth = { authorization: `Bearer ${credentials.token}` }
  const read = (fetch: (request: Request) => Response | Promise<Response>) => async () =>
    ok(await fetch(new Request(`${mock.baseUrl}${app}${V}/sobjects/Account/${readId}`, { headers: auth })))
  const create = (fetch: (request: Request) => Response | Promise<Response>) => async () =>
    ok(
      await fetch(
        new Request(`${mock.baseUrl}${app}${V}/sobjects/Account`, {
          method: 'POST',
          headers: { ...auth, ...json },
          body: CREATE_BODY,
        }),
      ),
      201,
    )
  const record = JSON.parse(await read(mock.fetch)()) as Record<string, unknown>
  const minimal = minimalNativeApp(record, await create(mock.fetch)())
  const required = requiredWorkNativeApp(record, environment.id, credentials.token)
  const [replicaRead, replicaCreate, minimalRead, minimalCreate, requiredRead, requiredCreate] =
    await compareLoop(
      [
        { label: `in-process: mock.fetch GET ${V}/sobjects/Account/{id}`, fn: read(mock.fetch) },
        { label: `in-process: mock.fetch POST ${V}/sobjects/Account`, fn: create(mock.fetch) },
        { label: 'in-process: minimal Hono app, no domain work: record read', fn: read(minimal.fetch) },
        { label: 'in-process: minimal Hono app, no domain work: record create', fn: create(minimal.fetch) },
        { label: 'in-process: the required work the simplest way: record read', fn: read(required.fetch) },
        {
          label: 'in-process: the required work the simplest way: record create',
          fn: create(required.fetch),
        },
      ],
      { iterations: 2000, interleave: 'operations' },
    )
  return {
    read: [replicaRead!, minimalRead!, requiredRead!],
    create: [replicaCreate!, minimalCreate!, requiredCreate!],
  }
}

export default defineBench({
  description: `CRM record read by id and create (${RECORDS / 1000}k Accounts) vs WireMock and json-server over HTTP, and in-process vs a minimal Hono app`,
  async run() {
    const seeded = await seedCrm(RECORDS)
    // --start-state loads the records and leaves the write path as default flags have it;
    // --state-file would add its journal's fsync to every create (the state-file bench prices that)
    const replica = await spawnCli(['--start-state', seeded.stateFile])
    const jsonServer = await spawnJsonServer(seeded.jsonServerFile)
    const servers = [replica, jsonServer]
    try {
      const appPath = `/apps/${seeded.environmentId}/crm`
      const headers = { authorization: `Bearer ${seeded.token}` }
      const readPath = `${V}/sobjects/Account/${seeded.readId}`
      const createPath = `${V}/sobjects/Account`
      const readBody = await ok(await fetch(replica.url + appPath + readPath, { headers }))
      const createAnswer = await ok(
        await fetch(replica.url + appPath + createPath, {
          method: 'POST',
          headers: { ...headers, ...json },
          body: CREATE_BODY,
        }),
        201,
      )
      await ok(await fetch(`${jsonServer.url}/accounts/${seeded.readId}`))

      const wireMock = await spawnWireMock([
        {
          request: { method: 'GET', url: readPath },
          response: { status: 200, body: readBody, headers: JSON_ANSWER },
        },
        {
          request: { method: 'POST', url: createPath },
          response: { status: 201, body: createAnswer, headers: JSON_ANSWER },
        },
      ])
      servers.push(wireMock)
      const bareRead = await spawnServer('bare-json', { BENCH_BODY: readBody })
      const bareCreate = await spawnServer('bare-json', { BENCH_BODY: createAnswer })
      const floor = await spawnServer('hono-floor', {
        BENCH_BODY: readBody,
        BENCH_FLOOR: 'native',
        BENCH_ENVIRONMENT: seeded.environmentId,
        BENCH_TOKEN: seeded.token,
      })
      servers.push(bareRead, bareCreate, floor)

      const get = (label: string, url: string, serverPid: number, extra: Partial<HttpTarget> = {}) => ({
        label,
        url,
        headers,
        serverPid,
        ...extra,
      })
      const post = (label: string, url: string, serverPid: number, extra: Partial<HttpTarget> = {}) => ({
        label,
        url,
        method: 'POST' as const,
        body: CREATE_BODY,
        headers: { ...headers, ...json },
        serverPid,
        ...extra,
      })
      const jvm = { warmupSec: JVM_WARMUP_SECONDS }
      const [
        readOurs,
        readWireMock,
        readJsonServer,
        readFloor,
        readBare,
        createOurs,
        createWireMock,
        createJsonServer,
        createFloor,
        createBare,
      ] = (await compareHttp([
        get(`replica-mock serve: GET ${readPath}`, replica.url + appPath + readPath, replica.pid),
        get('WireMock 3, static stub: the same GET', wireMock.url + readPath, wireMock.pid, jvm),
        get(
          'json-server 0.17: GET /accounts/{id}',
          `${jsonServer.url}/accounts/${seeded.readId}`,
          jsonServer.pid,
        ),
        get('the required work the simplest way: record read', floor.url + appPath + readPath, floor.pid),
        get(`bare node:http (${readBody.length} B body)`, bareRead.url + readPath, bareRead.pid),
        post(`replica-mock serve: POST ${createPath}`, replica.url + appPath + createPath, replica.pid),
        post('WireMock 3, static stub: the same POST', wireMock.url + createPath, wireMock.pid, jvm),
        post('json-server 0.17: POST /accounts', `${jsonServer.url}/accounts`, jsonServer.pid),
        post(
          'the required work the simplest way: record create',
          floor.url + appPath + createPath,
          floor.pid,
        ),
        post(
          `bare node:http POST (${createAnswer.length} B answer)`,
          bareCreate.url + createPath,
          bareCreate.pid,
        ),
      ])) as Measurement[]

      const local = await inProcess()
      const [fetchRead, minimalRead, requiredRead] = local.read
      const [fetchCreate, minimalCreate, requiredCreate] = local.create
      const vs = (
        label: string,
        subject: Measurement,
        baseline: Measurement,
        target: Comparison['target'],
        floor?: Measurement,
      ): Comparison => ({ label, subject, baseline, target, ...(floor && { floor }) })
      return {
        comparisons: [
          vs(
            'record read by id over HTTP vs WireMock (req/s)',
            readOurs!,
            readWireMock!,
            { atLeast: 1 },
            readFloor,
          ),
          vs(
            'record create over HTTP vs WireMock (req/s)',
            createOurs!,
            createWireMock!,
            { atLeast: 0.75 },
            createFloor,
          ),
          vs('record read by id over HTTP vs json-server 0.17 (req/s)', readOurs!, readJsonServer!, {
            atLeast: 4,
          }),
          vs('record create over HTTP vs json-server 0.17 (req/s)', createOurs!, createJsonServer!, {
            atLeast: 4,
          }),
          vs(
            'in-process record read through mock.fetch vs a minimal Hono app (µs/op)',
            fetchRead!,
            minimalRead!,
            { atMost: 1.3 },
            requiredRead,
          ),
          vs(
            'in-process record create through mock.fetch vs a minimal Hono app (µs/op)',
            fetchCreate!,
            minimalCreate!,
            { atMost: 1.3 },
            requiredCreate,
          ),
        ],
        figures: [readBare!, createBare!],
      }
    } finally {
      await Promise.all(servers.map((server) => server.close()))
      seeded.remove()
    }
  },
})
