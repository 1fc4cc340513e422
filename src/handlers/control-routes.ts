/**
 * @module
 * The control API under `/__replica` (docs/standalone-server.md#control-api-__replica): test controls the real service
 * does not have. Open on loopback; `adminToken` makes it require a bearer token. `GET /schema`
 * answers the org each app version serves, with the full load report of each user schema.
 */
import { Hono } from 'hono'
import * as z from 'zod'
import { InputError, invalidRequest, ManagementError } from '../management/errors.js'
import { Fault } from '../management/faults.js'
import { SeedEnvironment, SeedSnapshot, seedEnvironment, seedSnapshot } from '../management/seeding.js'
import type { ReplicaRuntime } from '../runtime/create-runtime.js'
import { Lifecycle } from '../runtime/options.js'
import { eventRoutes } from './event-routes.js'
import { fidelityRoutes } from './fidelity/fidelity-routes.js'
import { BODY_METHODS, bodyCap } from './http/body-cap.js'
import { controlAccessOf, controlGuard } from './http/control-guard.js'
import { inspectorRoutes } from './inspector/inspector-routes.js'
import type { ReplicaEnv } from './http/replica-env.js'
import { MANAGEMENT_JSON_LIMITS, validJson } from './http/validate.js'
import { VERSION } from '../version.js'

const ClockCommand = z.union([
  z.strictObject({ advanceMs: z.int().min(0) }),
  z.strictObject({ set: z.iso.datetime({ offset: true }) }),
  z.strictObject({ mode: z.enum(['real', 'manual']) }),
])

/**
 * A state document nests a few levels more than a management body (environments, apps and their
 * settings sit under `store.collections`); its size has a cap of its own (`maxStateBytes`).
 */
const STATE_JSON_LIMITS = { ...MANAGEMENT_JSON_LIMITS, maxDepth: 64, maxValues: undefined }

/**
 * Open to anyone: the health check, the local CA's certificate (public by nature), and the
 * inspector's page and scripts (they hold no data).
 */
const OPEN_PATHS = /^\/__replica\/(health|ca\.pem|ui\/?|ui\/[a-z-]+\.(js|css))$/

export function controlRoutes(runtime: ReplicaRuntime) {
  const { options } = runtime
  const clockView = () => ({ mode: runtime.clock.mode, now: runtime.clock.now().toISOString() })
  const smallBodies = bodyCap(options.maxBodyBytes)
  const stateBody = bodyCap(options.maxStateBytes)

  return new Hono<ReplicaEnv>()
    .use(controlGuard(controlAccessOf(runtime), (path) => OPEN_PATHS.test(path)))
    .on(BODY_METHODS, '*', (c, next) => (c.req.path.endsWith('/state') ? stateBody : smallBodies)(c, next))
    .get('/health', (c) => c.json({ ok: true, version: VERSION }))
    .get('/ca.pem', (c) => {
      const pem = runtime.caCertificatePem
      if (pem === null) {
        throw new ManagementError(
          'not_found',
          'No local CA: the server is not serving https with a certificate it made',
        )
      }
      return c.body(pem, 200, { 'content-type': 'application/x-pem-file' })
    })
    .route('/ui', inspectorRoutes(runtime))
    .post('/reset', async (c) => {
      await runtime.reset()
      return c.json({ ok: true })
    })
    .post('/start', async (c) => {
      await runtime.markStart()
      return c.json({ ok: true })
    })
    .delete('/start', (c) => {
      runtime.unmarkStart()
      return c.json({ ok: true })
    })
    .get('/state', (c) => c.json(runtime.exportState()))
    .put('/state', validJson(z.unknown(), STATE_JSON_LIMITS), async (c) => {
      await runtime.importState(c.req.valid('json'))
      return c.json({ ok: true })
    })
    .get('/clock', (c) => c.json(clockView()))
    .post('/clock', validJson(ClockCommand), (c) => {
      const command = c.req.valid('json')
      if ('advanceMs' in command) runtime.clock.advance(command.advanceMs)
      else if ('set' in command) runtime.clock.set(command.set)
      else runtime.clock.setMode(command.mode)
      return c.json(clockView())
    })
    .get('/lifecycle', (c) => c.json(runtime.lifecycle))
    .put('/lifecycle', validJson(Lifecycle.partial()), (c) => {
      Object.assign(runtime.lifecycle, c.req.valid('json'))
      return c.json(runtime.lifecycle)
    })
    .get('/faults', (c) => c.json({ data: runtime.ctx.faults.list() }))
    .post('/faults', validJson(Fault), (c) => c.json(runtime.ctx.faults.add(c.req.valid('json')), 201))
    .delete('/faults', (c) => {
      runtime.ctx.faults.clear()
      return c.json({ ok: true })
    })
    .post('/seed/environment', validJson(SeedEnvironment), async (c) =>
      c.json(await asSeedRequest(() => seedEnvironment(runtime.ctx, c.req.valid('json'))), 201),
    )
    .post('/seed/snapshot', validJson(SeedSnapshot), async (c) =>
      c.json(await asSeedRequest(() => seedSnapshot(runtime.ctx, c.req.valid('json'))), 201),
    )
    .get('/schema', (c) => c.json(runtime.schemas.report()))
    .route('/fidelity', fidelityRoutes(runtime))
    .route('/', eventRoutes(runtime))
    .all('*', (c) => {
      throw new ManagementError('not_found', `Failed to find route: ${c.req.method} ${c.req.path}`)
    })
}

/**
 * Seeding for out-of-process tests (the Playwright `replica` fixture): the same domain calls as
 * `mock.seed.*`, whose `InputError`s (unknown workspace, taken id) are the caller's: 400. Any
 * other error is a bug: it goes on to the error path (500, logged).
 */
async function asSeedRequest<T>(seed: () => Promise<T>): Promise<T> {
  try {
    return await seed()
  } catch (error) {
    if (error instanceof InputError) throw invalidRequest(error.message.replace(/^\[replica-mock\] /, ''))
    throw error
  }
}
