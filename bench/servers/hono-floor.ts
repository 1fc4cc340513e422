/**
 * @module
 * Floors for the HTTP benches: Hono apps on `@hono/node-server`, served as `replica-mock serve`
 * serves (the adapter's own `Request`/`Response`), answering the bench's JSON with no replica code.
 * `BENCH_FLOOR` picks the shape:
 * - `framework`: one route answering `BENCH_BODY` with `c.json()` — what Hono costs alone;
 * - `management`: the work the spec asks of every `GET /v1/workspaces/{id}`, each step done the
 *   simplest way — an `x-request-id`, the bearer key checked, the path parameter checked with zod,
 *   the workspace found in a `Map`, and a request-log line per request written to stdout in
 *   batches, as `serve` writes its log; with `BENCH_ROUTES` (a JSON file of `[method, path]`
 *   pairs: the one app's other routes, which the bench reads from it) those routes are registered
 *   beside the read, each answering nothing, so the router finds the read among as many routes as
 *   the one app holds;
 * - `native`: the work a native record read and create must do, each step the simplest way
 *   (`requiredWorkNativeApp` in bench/lib/minimal-hono.ts): the token in a `Map`, the record
 *   `BENCH_BODY` in a `Map`, a create's body parsed and stored, the answer read back, answered anew
 *   and kept in a ring of calls. `BENCH_ENVIRONMENT` and `BENCH_TOKEN` name the app URL and token.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import * as z from 'zod'
import { announceAndWait } from '../lib/announce-port.js'
import { requiredWorkNativeApp } from '../lib/minimal-hono.js'

const body = JSON.parse(process.env.BENCH_BODY ?? '{"id":"ws_default"}') as { id?: string }

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
  const routesFile = process.env.BENCH_ROUTES
  const others = routesFile ? (JSON.parse(readFileSync(routesFile, 'utf8')) as [string, string][]) : []
  for (const [method, path] of others) app.on(method, path, (c) => c.body(null, 204))
  return app
}

function nativeApp(): Hono {
  return requiredWorkNativeApp(
    body as Record<string, unknown>,
    process.env.BENCH_ENVIRONMENT ?? 'env_bench',
    process.env.BENCH_TOKEN ?? 'token',
  )
}

const apps = { framework: frameworkApp, management: managementApp, native: nativeApp }
const shape = (process.env.BENCH_FLOOR ?? 'framework') as keyof typeof apps
if (!(shape in apps)) throw new Error(`Unknown BENCH_FLOOR ${shape}: one of ${Object.keys(apps).join(', ')}`)

const server = serve({ fetch: apps[shape]().fetch, port: 0, hostname: '127.0.0.1' }, () => {
  announceAndWait((server.address() as AddressInfo).port, async () => {
    ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
    await new Promise((resolve) => server.close(resolve))
  })
})
