/**
 * @module
 * The web inspector under `/__replica/ui`: a plain HTML/CSS/JS page (no framework) that reads the
 * mock through `/v1` (as a fixture member), the control API (clock, reset, state) and the few
 * JSON routes here that the API has no equivalent for (an environment app's records). The page
 * and its scripts hold no data and are served to anyone; `/api/...` is guarded like the rest of the
 * control API (control-routes.ts: Host, Origin, admin token).
 */
import { type Context, Hono } from 'hono'
import * as z from 'zod'
import { InputError, ManagementError } from '../../management/errors.js'
import { inspectorToken } from '../../management/inspector-session.js'
import { ReplicaError } from '../../replica/errors.js'
import { browseRecords, listObjects, readRecord } from '../../replica/record-browser.js'
import type { ReplicaRuntime } from '../../runtime/create-runtime.js'
import { environmentApp } from '../../runtime/environment-app.js'
import { AppName, Id, queryInt } from '../../schemas/common.js'
import { VERSION } from '../../version.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { valid } from '../http/validate.js'
import { inspectorAsset } from './inspector-assets.js'
import { inspectorHeaders } from './inspector-headers.js'

const AppPath = z.object({ environmentId: Id, appName: AppName })
const ObjectPath = AppPath.extend({ object: z.string().min(1).max(80) })
const RecordPath = ObjectPath.extend({ id: z.string().min(15).max(18) })
/** A script or style of the page by its name: `{base}/inspector.js`. */
const ASSET_PATH = '/:file{[a-z-]+\\.(?:js|css)}'
const PageQuery = z.object({ limit: queryInt(1, 200).default(50), offset: queryInt(0, 100_000).default(0) })

export function inspectorRoutes(runtime: ReplicaRuntime) {
  const appOf = (params: z.infer<typeof AppPath>) => {
    try {
      return environmentApp(runtime, params.environmentId, params.appName)
    } catch (error) {
      if (error instanceof InputError) throw notFound(error)
      throw error
    }
  }
  return new Hono<ReplicaEnv>()
    .use(inspectorHeaders)
    .get('/', (c) => serveAsset(c, 'index.html'))
    .get('/api/session', (c) =>
      c.json({
        version: VERSION,
        baseUrl: runtime.baseUrl,
        memberToken: inspectorToken(runtime.ctx) ?? null,
      }),
    )
    .get('/api/environments/:environmentId/apps/:appName/objects', valid('param', AppPath), (c) => {
      const { app, view } = appOf(c.req.valid('param'))
      return c.json({ data: listObjects(app, view) })
    })
    .get(
      '/api/environments/:environmentId/apps/:appName/objects/:object/records',
      valid('param', ObjectPath),
      valid('query', PageQuery),
      (c) => {
        const params = c.req.valid('param')
        const { app, view } = appOf(params)
        return c.json(asNotFound(() => browseRecords(app, view, params.object, c.req.valid('query'))))
      },
    )
    .get(
      '/api/environments/:environmentId/apps/:appName/objects/:object/records/:id',
      valid('param', RecordPath),
      (c) => {
        const params = c.req.valid('param')
        const { app, view } = appOf(params)
        const record = asNotFound(() => readRecord(app, view, params.object, params.id))
        if (!record) throw new ManagementError('not_found', `Failed to find record "${params.id}"`)
        return c.json(record)
      },
    )
    .get(ASSET_PATH, (c) => serveAsset(c, c.req.param('file')))
}

async function serveAsset(c: Context<ReplicaEnv>, name: string): Promise<Response> {
  const asset = await inspectorAsset(name)
  if (!asset) throw new ManagementError('not_found', `Failed to find the inspector file "${name}"`)
  return c.body(asset.body, 200, { 'content-type': asset.contentType, 'cache-control': 'no-cache' })
}

function notFound(error: Error): ManagementError {
  return new ManagementError('not_found', error.message.replace(/^\[replica-mock\] /, ''))
}

/** An unknown object is the caller's mistake: 404 with the replica's message. */
function asNotFound<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (error instanceof ReplicaError) throw notFound(error)
    throw error
  }
}
