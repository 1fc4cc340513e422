/**
 * @module
 * Issue 5: CRM record create and read over HTTP through the standalone server (gateway, token
 * resolution, recording, the replica's REST handler, the record service) vs a bare `node:http`
 * server answering the same JSON body, each in its own process on its own core. The issue names
 * no target; these carry the standalone server's general one (>= 0.5x bare requests/s, as
 * `workspaces-http`) so a regression shows. Figures: the same read and create with the replica's
 * native handler called in-process (no gateway, no socket), to tell its cost from the rest.
 */
import { STANDALONE_CRM_CALL } from '../lib/native-call.js'
import { createCrmApps } from '../../src/replica/crm-app.js'
import { createCrmNativeHandler } from '../../src/replica/handlers/native-handler.js'
import { defineBench } from '../lib/define-bench.js'
import { compareHttp } from '../lib/measure-http.js'
import { measureLoop } from '../lib/measure-loop.js'
import { spawnServer } from '../lib/spawn-server.js'
import type { Measurement } from '../lib/stats.js'

const admin = { authorization: 'Bearer test-api-key' }
const V = '/services/data/v60.0'
const ACME = '001Rm0000000001IAA'

/** Read and create with the native handler called directly in this process. */
async function inProcess(): Promise<Measurement[]> {
  const app = createCrmApps({ clock: { now: () => new Date() } }).open()
  const handler = createCrmNativeHandler({ appFor: () => app })
  const call = STANDALONE_CRM_CALL
  const send = async (request: Request, status: number) => {
    const response = await handler(request, call)
    const text = await response.text()
    if (response.status !== status) throw new Error(`Failed: ${response.status} ${text}`)
  }
  const read = await measureLoop(
    () => send(new Request(`http://replica.bench${V}/sobjects/Account/${ACME}`), 200),
    { label: `in-process: native handler, GET ${V}/sobjects/Account/{id}`, iterations: 2000 },
  )
  const create = await measureLoop(
    () =>
      send(
        new Request(`http://replica.bench${V}/sobjects/Account`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"Name":"Bench Account","Industry":"Banking"}',
        }),
        201,
      ),
    { label: `in-process: native handler, POST ${V}/sobjects/Account`, iterations: 2000 },
  )
  return [read, create]
}

async function ok(response: Response): Promise<any> {
  const text = await response.text()
  if (!response.ok) throw new Error(`Failed: ${response.status} ${text}`)
  return text === '' ? undefined : JSON.parse(text)
}

export default defineBench({
  description: 'CRM record read and create over HTTP (through the gateway) req/s vs bare node:http',
  async run() {
    const replica = await spawnServer('replica')
    try {
      const environment = await ok(
        await fetch(`${replica.url}/v1/environments`, {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: '{"apps":["crm"]}',
        }),
      )
      const credentials = await ok(
        await fetch(`${replica.url}/v1/environments/${environment.id}/apps/crm/credentials`, {
          method: 'POST',
          headers: admin,
        }),
      )
      const appUrl = credentials.url as string
      const headers = { authorization: `Bearer ${credentials.token}` }
      const readPath = `${V}/sobjects/Account/${ACME}`
      const readBody = JSON.stringify(await ok(await fetch(appUrl + readPath, { headers })))
      const createBody = '{"Name":"Bench Account","Industry":"Banking"}'
      const createJson = { ...headers, 'content-type': 'application/json' }
      const created = await ok(
        await fetch(`${appUrl}${V}/sobjects/Account`, {
          method: 'POST',
          headers: createJson,
          body: createBody,
        }),
      )
      const createAnswer = JSON.stringify(created)

      const bareRead = await spawnServer('bare-json', { BENCH_BODY: readBody })
      const bareCreate = await spawnServer('bare-json', { BENCH_BODY: createAnswer })
      try {
        const [readBase, readOurs, createBase, createOurs] = await compareHttp([
          {
            label: `bare node:http (${readBody.length} B body)`,
            url: bareRead.url + readPath,
            serverPid: bareRead.pid,
          },
          {
            label: `GET ${V}/sobjects/Account/{id}`,
            url: appUrl + readPath,
            headers,
            serverPid: replica.pid,
          },
          {
            label: `bare node:http POST (${createAnswer.length} B answer)`,
            url: `${bareCreate.url}${V}/sobjects/Account`,
            method: 'POST',
            body: createBody,
            headers: { 'content-type': 'application/json' },
            serverPid: bareCreate.pid,
          },
          {
            label: `POST ${V}/sobjects/Account`,
            url: `${appUrl}${V}/sobjects/Account`,
            method: 'POST',
            body: createBody,
            headers: createJson,
            serverPid: replica.pid,
          },
        ])
        return {
          figures: await inProcess(),
          comparisons: [
            {
              label: 'record read over HTTP vs bare node:http (req/s)',
              subject: readOurs!,
              baseline: readBase!,
              target: { atLeast: 0.5 },
            },
            {
              label: 'record create over HTTP vs bare node:http (req/s)',
              subject: createOurs!,
              baseline: createBase!,
              target: { atLeast: 0.5 },
            },
          ],
        }
      } finally {
        await bareRead.close()
        await bareCreate.close()
      }
    } finally {
      await replica.close()
    }
  },
})
