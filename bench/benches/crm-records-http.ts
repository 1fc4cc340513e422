/**
 * @module
 * CRM record read by id and record create over HTTP with 10k Accounts loaded, as users run the
 * server (`replica-mock serve`, default flags, stdout read by this busy process), through the
 * gateway and the replica's REST handler: vs a bare `node:http` server answering the same JSON
 * (>= 0.25x) and vs json-server 0.17 on the same Accounts, also with its default flags (>= 8x).
 * Figures: the native handler called in-process (no gateway, no socket), the whole call from
 * making its `Request` to reading its answer, compared by hand with the same rows of an earlier
 * commit; beside it a minimal Hono app making the same two answers with no domain work, what the
 * framework and the Fetch objects alone cost here. Floors over HTTP: the gateway's shape with no
 * domain work (`bench/servers/hono-floor.ts`, `gateway`) making the same two answers, the read's
 * also against json-server.
 */
import { createCrmDataSets } from '../../src/replica/crm-data.js'
import { createCrmRoutes } from '../../src/replica/handlers/crm-routes.js'
import { seedCrm } from '../lib/crm-seed.js'
import { type Comparison, defineBench } from '../lib/define-bench.js'
import { compareHttp } from '../lib/measure-http.js'
import { compareLoop } from '../lib/measure-loop.js'
import { minimalNativeApp } from '../lib/minimal-hono.js'
import { STANDALONE_CRM_CALL } from '../lib/native-call.js'
import { spawnCli, spawnJsonServer, spawnServer } from '../lib/spawn-server.js'
import type { Measurement } from '../lib/stats.js'

const V = '/services/data/v60.0'
const ACME = '001Rm0000000001IAA'
const RECORDS = 10_000
const CREATE_BODY = '{"Name":"Bench Account","Industry":"Banking"}'
const json = { 'content-type': 'application/json' }

/** Read and create with the native handler called in this process, and with a minimal Hono app: µs per call. */
async function inProcess(): Promise<Measurement[]> {
  const app = createCrmDataSets({ clock: { now: () => new Date() } }).open()
  const handler = createCrmRoutes({ dataFor: () => app }).handler
  const answerOf = async (response: Response, status: number) => {
    const text = await response.text()
    if (response.status !== status) throw new Error(`Failed: ${response.status} ${text}`)
    return text
  }
  const send = async (request: Request, status: number) =>
    answerOf(await handler(request, STANDALONE_CRM_CALL), status)
  const readRequest = () => new Request(`http://replica.bench${V}/sobjects/Account/${ACME}`)
  const createRequest = () =>
    new Request(`http://replica.bench${V}/sobjects/Account`, {
      method: 'POST',
      headers: json,
      body: CREATE_BODY,
    })
  // a first call of each checks the handler answers before it is timed
  const record = JSON.parse(await send(readRequest(), 200)) as Record<string, unknown>
  const minimal = minimalNativeApp(record, await send(createRequest(), 201))
  const sendMinimal = async (request: Request, status: number) =>
    answerOf(await minimal.fetch(request), status)
  return compareLoop(
    [
      {
        label: `in-process: native handler, GET ${V}/sobjects/Account/{id}`,
        fn: () => send(readRequest(), 200),
      },
      {
        label: `in-process: native handler, POST ${V}/sobjects/Account`,
        fn: () => send(createRequest(), 201),
      },
      {
        label: 'in-process: minimal Hono app, no domain work: record read',
        fn: () => sendMinimal(readRequest(), 200),
      },
      {
        label: 'in-process: minimal Hono app, no domain work: record create',
        fn: () => sendMinimal(createRequest(), 201),
      },
    ],
    { iterations: 2000, interleave: 'operations' },
  )
}

async function ok(response: Response): Promise<any> {
  const text = await response.text()
  if (!response.ok) throw new Error(`Failed: ${response.status} ${text}`)
  return text === '' ? undefined : JSON.parse(text)
}

export default defineBench({
  description: `CRM record read by id and create over HTTP (${RECORDS / 1000}k Accounts) vs bare node:http and json-server 0.17`,
  async run() {
    const seeded = await seedCrm(RECORDS)
    // --start-state loads the records and leaves the write path as default flags have it;
    // --state-file would add its journal's fsync to every create (the state-file bench prices that)
    const replica = await spawnCli(['--start-state', seeded.stateFile])
    const jsonServer = await spawnJsonServer(seeded.jsonServerFile)
    try {
      const appUrl = `${replica.url}/apps/${seeded.environmentId}/crm`
      const headers = { authorization: `Bearer ${seeded.token}` }
      const readPath = `${V}/sobjects/Account/${seeded.readId}`
      const readBody = JSON.stringify(await ok(await fetch(appUrl + readPath, { headers })))
      const created = await ok(
        await fetch(`${appUrl}${V}/sobjects/Account`, {
          method: 'POST',
          headers: { ...headers, ...json },
          body: CREATE_BODY,
        }),
      )
      const createAnswer = JSON.stringify(created)
      await ok(await fetch(`${jsonServer.url}/accounts/${seeded.readId}`))

      const bareRead = await spawnServer('bare-json', { BENCH_BODY: readBody })
      const bareCreate = await spawnServer('bare-json', { BENCH_BODY: createAnswer })
      const readFloor = await spawnServer('hono-floor', { BENCH_BODY: readBody, BENCH_FLOOR: 'gateway' })
      const createFloor = await spawnServer('hono-floor', {
        BENCH_BODY: createAnswer,
        BENCH_FLOOR: 'gateway',
      })
      const floorApp = `/apps/${seeded.environmentId}/crm`
      try {
        const [
          readBase,
          readOurs,
          readJsonServer,
          createBase,
          createOurs,
          createJsonServer,
          readShape,
          createShape,
        ] = (await compareHttp([
          {
            label: `bare node:http (${readBody.length} B body)`,
            url: bareRead.url + readPath,
            serverPid: bareRead.pid,
          },
          {
            label: `replica-mock serve: GET ${readPath}`,
            url: appUrl + readPath,
            headers,
            serverPid: replica.pid,
          },
          {
            label: 'json-server 0.17: GET /accounts/{id}',
            url: `${jsonServer.url}/accounts/${seeded.readId}`,
            serverPid: jsonServer.pid,
          },
          {
            label: `bare node:http POST (${createAnswer.length} B answer)`,
            url: `${bareCreate.url}${V}/sobjects/Account`,
            method: 'POST',
            body: CREATE_BODY,
            headers: json,
            serverPid: bareCreate.pid,
          },
          {
            label: `replica-mock serve: POST ${V}/sobjects/Account`,
            url: `${appUrl}${V}/sobjects/Account`,
            method: 'POST',
            body: CREATE_BODY,
            headers: { ...headers, ...json },
            serverPid: replica.pid,
          },
          {
            label: 'json-server 0.17: POST /accounts',
            url: `${jsonServer.url}/accounts`,
            method: 'POST',
            body: CREATE_BODY,
            headers: json,
            serverPid: jsonServer.pid,
          },
          {
            label: "the gateway's shape, no domain work: record read",
            url: readFloor.url + floorApp + readPath,
            headers,
            serverPid: readFloor.pid,
          },
          {
            label: "the gateway's shape, no domain work: record create",
            url: `${createFloor.url}${floorApp}${V}/sobjects/Account`,
            method: 'POST',
            body: CREATE_BODY,
            headers: { ...headers, ...json },
            serverPid: createFloor.pid,
          },
        ])) as Measurement[]
        const vs = (
          label: string,
          subject: Measurement,
          baseline: Measurement,
          atLeast: number,
        ): Comparison => ({
          label,
          subject: subject!,
          baseline: baseline!,
          target: { atLeast },
        })
        return {
          figures: await inProcess(),
          floors: [
            { label: 'what the gateway shape allows a read', floor: readShape!, baseline: readBase! },
            { label: 'what the gateway shape allows a create', floor: createShape!, baseline: createBase! },
            {
              label: 'the read shape against json-server 0.17',
              floor: readShape!,
              baseline: readJsonServer!,
            },
          ],
          comparisons: [
            vs('record read by id over HTTP vs bare node:http (req/s)', readOurs!, readBase!, 0.25),
            vs('record create over HTTP vs bare node:http (req/s)', createOurs!, createBase!, 0.25),
            vs('record read by id over HTTP vs json-server 0.17 (req/s)', readOurs!, readJsonServer!, 8),
            vs('record create over HTTP vs json-server 0.17 (req/s)', createOurs!, createJsonServer!, 8),
          ],
        }
      } finally {
        await Promise.all([bareRead.close(), bareCreate.close(), readFloor.close(), createFloor.close()])
      }
    } finally {
      await Promise.all([replica.close(), jsonServer.close()])
      seeded.remove()
    }
  },
})
