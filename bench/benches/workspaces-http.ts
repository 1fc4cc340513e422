/**
 * @module
 * The standalone server's cheapest management read, `GET /v1/workspaces/{id}`, as users run it
 * (`replica-mock serve` with default flags, so the request log is on, its stdout read by this
 * busy process), against a bare `node:http` server sending the same JSON body (>= 0.5x);
 * json-server 0.17 serving the same workspace is a figure. `--quiet` is a figure beside them (the
 * log's own cost is the `request-log` bench's). Floors: Hono alone answering the same JSON, and
 * Hono doing the work the spec asks of this read the simplest way (`bench/servers/hono-floor.ts`),
 * the latter against both baselines; and the same work routed among the one app's other routes
 * (each answering nothing), since the one app (decision 0056) holds every route of the mock and
 * its router finds this read among them (decision 0066).
 * Also prints the router Hono chose for the app.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createReplicaMock, kInternals } from '../../src/create-replica-mock.js'
import { defineBench } from '../lib/define-bench.js'
import { compareHttp } from '../lib/measure-http.js'
import { spawnCli, spawnJsonServer, spawnServer } from '../lib/spawn-server.js'

const ID = 'ws_default'
const PATH = `/v1/workspaces/${ID}`
const headers = { authorization: 'Bearer test-api-key' }

export default defineBench({
  description:
    'standalone GET /v1/workspaces/{id} req/s vs bare node:http with the same JSON body and vs json-server 0.17',
  async run() {
    const app = createReplicaMock()[kInternals].app
    app.router.match('GET', '/') // SmartRouter picks its router on the first match
    console.log(`  Hono router: ${app.router.name}`)
    // the one app's routes but those this read passes through (the floor brings its own)
    const [matched] = app.router.match('GET', PATH)
    const onTheWay = new Set(matched.map(([[handler]]) => handler))
    const others = [
      ...new Set(
        app.routes
          .filter((route) => !onTheWay.has(route.handler))
          .map((route) => JSON.stringify([route.method, route.path])),
      ),
    ].map((pair) => JSON.parse(pair) as [string, string])
    const replica = await spawnCli([])
    const quiet = await spawnCli(['--quiet'])
    const dir = mkdtempSync(join(tmpdir(), 'replica-bench-'))
    try {
      const response = await fetch(replica.url + PATH, { headers })
      if (!response.ok) throw new Error(`Failed to GET ${PATH}: ${response.status} ${await response.text()}`)
      const body = await response.text()
      const workspace = JSON.parse(body) as { id?: unknown }
      if (workspace.id !== ID) throw new Error(`Failed to read the workspace's id: ${body.slice(0, 200)}`)
      const dbFile = join(dir, 'db.json')
      writeFileSync(dbFile, JSON.stringify({ workspaces: [workspace] }, null, 2))
      const routesFile = join(dir, 'routes.json')
      writeFileSync(routesFile, JSON.stringify(others))
      const bare = await spawnServer('bare-json', { BENCH_BODY: body })
      const jsonServer = await spawnJsonServer(dbFile)
      const honoAlone = await spawnServer('hono-floor', { BENCH_BODY: body, BENCH_FLOOR: 'framework' })
      const honoWork = await spawnServer('hono-floor', { BENCH_BODY: body, BENCH_FLOOR: 'management' })
      const honoWorkRoutes = await spawnServer('hono-floor', {
        BENCH_BODY: body,
        BENCH_FLOOR: 'management',
        BENCH_ROUTES: routesFile,
      })
      try {
        const jsonServerUrl = `${jsonServer.url}/workspaces/${ID}`
        await (await fetch(jsonServerUrl)).json()
        const [baseline, subject, quietFigure, jsonServerFigure, aloneFloor, workFloor, oneAppFloor] =
          await compareHttp([
            { label: `bare node:http (${body.length} B body)`, url: bare.url + PATH, serverPid: bare.pid },
            {
              label: `replica-mock serve: GET ${PATH}`,
              url: replica.url + PATH,
              headers,
              serverPid: replica.pid,
            },
            {
              label: `replica-mock serve --quiet: GET ${PATH}`,
              url: quiet.url + PATH,
              headers,
              serverPid: quiet.pid,
            },
            {
              label: 'json-server 0.17: GET /workspaces/{id}',
              url: jsonServerUrl,
              serverPid: jsonServer.pid,
            },
            {
              label: 'Hono alone: the same JSON',
              url: honoAlone.url + PATH,
              headers,
              serverPid: honoAlone.pid,
            },
            {
              label: 'Hono + request id, key check, zod parameter, Map lookup, request log',
              url: honoWork.url + PATH,
              headers,
              serverPid: honoWork.pid,
            },
            {
              label: `the same work among the one app's ${others.length} other routes`,
              url: honoWorkRoutes.url + PATH,
              headers,
              serverPid: honoWorkRoutes.pid,
            },
          ])
        return {
          figures: [quietFigure!],
          floors: [
            { label: 'what Hono alone allows', floor: aloneFloor!, baseline: baseline! },
            {
              label: "what this read's required work, done the simplest way, allows",
              floor: workFloor!,
              baseline: baseline!,
            },
            {
              label: 'the same work against json-server 0.17',
              floor: workFloor!,
              baseline: jsonServerFigure!,
            },
          ],
          comparisons: [
            {
              label: 'standalone GET /v1/workspaces/{id} vs bare node:http (req/s)',
              subject: subject!,
              baseline: baseline!,
              target: { atLeast: 0.5 },
              floor: oneAppFloor!,
            },
          ],
        }
      } finally {
        await Promise.all([
          bare.close(),
          jsonServer.close(),
          honoAlone.close(),
          honoWork.close(),
          honoWorkRoutes.close(),
        ])
      }
    } finally {
      await Promise.all([replica.close(), quiet.close()])
      rmSync(dir, { recursive: true, force: true })
    }
  },
})
