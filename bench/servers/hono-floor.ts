/**
 * @module
 * Floors for the HTTP benches: Hono apps on `@hono/node-server`, served as `replica-mock serve`
 * serves (the adapter's own `Request`/`Response`), answering the bench's JSON with no replica code.
 * `BENCH_FLOOR` picks the shape:
 * - `framework`: one route answering `BENCH_BODY` with `c.json()` — what Hono costs alone;
 * - `management`: the work the spec asks of every `GET /v1/workspaces/{id}`, each step done the
 *   simplest way — an `x-request-id`, the bearer key checked, the path parameter checked with zod,
 *   the workspace found in a `Map`, and a request-log line per request written to stdout in
 *   batches, as `serve` writes its log;
 * - `gateway`: the shape of a native call through the gateway — an outer app reads the client's
 *   body (none on a GET), makes a new `Request` for an inner app, which answers `BENCH_BODY` (on a POST it parses
 *   the body first); the outer app reads that answer's body and answers with it. No token, store,
 *   record or recording.
 */
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import * as z from 'zod'
import { announceAndWait } from '../lib/announce-port.js'

const body = JSON.parse(process.env.BENCH_BODY ?? '{"id":"ws_default"}') as { id?: string }
const JSON_TYPE = { 'content-type': 'application/json;charset=UTF-8' }

function frameworkApp(): Hono {
  const app = new Hono()
  app.get('/v1/workspaces/:workspaceId', (c) => c.json(body))
  return app
}

function managementApp(): Hono {
  const workspaces = new Map([[String(body.id), body]])
  const params = z.object({ workspaceId: z.string().regex(/^ws_[A-Za-z0-9_]+$/) })
  let held: string[] = []
  const app = new Hono()
  app.use(async (c, next) => {
    const started = performance.now()
    c.header('x-request-id', `rid_${randomUUID()}`)
    await next()
    held.push(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(3)}ms\n`)
    if (held.length === 1) {
      setTimeout(() => {
        process.stdout.write(held.join(''))
        held = []
      }, 5)
    }
  })
  app.use('/v1/*', async (c, next) => {
    if (c.req.header('authorization') !== 'Bearer test-api-key') return c.json({ code: 'unauthorized' }, 401)
    await next()
  })
  app.get('/v1/workspaces/:workspaceId', (c) => {
    const checked = params.safeParse(c.req.param())
    if (!checked.success) return c.json({ code: 'invalid_request' }, 400)
    const workspace = workspaces.get(checked.data.workspaceId)
    return workspace ? c.json(workspace) : c.json({ code: 'not_found' }, 404)
  })
  return app
}

function gatewayApp(): Hono {
  const inner = new Hono()
  inner.get('/services/*', (c) => c.body(JSON.stringify(body), 200, JSON_TYPE))
  inner.post('/services/*', async (c) => {
    JSON.parse(await c.req.text())
    return c.body(JSON.stringify(body), 201, JSON_TYPE)
  })
  const outer = new Hono()
  outer.all('/apps/:environmentId/:app/*', async (c) => {
    // as the gateway: a GET carries no body, nothing is read
    const sent = c.req.method === 'GET' ? new Uint8Array(0) : new Uint8Array(await c.req.arrayBuffer())
    const url = new URL(c.req.url)
    const nativePath = url.pathname.split('/').slice(4).join('/')
    const answer = await inner.fetch(
      new Request(`http://replica.local/${nativePath}${url.search}`, {
        method: c.req.method,
        headers: c.req.raw.headers,
        body: sent.byteLength > 0 ? sent : null,
      }),
    )
    const bytes = new Uint8Array(await answer.arrayBuffer())
    return c.newResponse(bytes, answer.status as 200, {
      'content-type': answer.headers.get('content-type') ?? '',
    })
  })
  return outer
}

const apps = { framework: frameworkApp, management: managementApp, gateway: gatewayApp }
const shape = (process.env.BENCH_FLOOR ?? 'framework') as keyof typeof apps
if (!(shape in apps)) throw new Error(`Unknown BENCH_FLOOR ${shape}: one of ${Object.keys(apps).join(', ')}`)

const server = serve({ fetch: apps[shape]().fetch, port: 0, hostname: '127.0.0.1' }, () => {
  announceAndWait((server.address() as AddressInfo).port, async () => {
    ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
    await new Promise((resolve) => server.close(resolve))
  })
})
