/**
 * @module
 * Everything under `/v1`: body cap, bearer auth, the resource route groups, and a
 * management-format 404 for any other path.
 */
import { Hono } from 'hono'
import { ManagementError } from '../../management/errors.js'
import type { ReplicaRuntime } from '../../runtime/create-runtime.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { BODY_METHODS, bodyCap } from '../http/body-cap.js'
import { auditRoutes } from './audit-routes.js'
import { authenticateCaller } from './authenticate.js'
import { catalogRoutes } from './catalog-routes.js'
import { credentialsRoutes } from './credentials-routes.js'
import { environmentRoutes } from './environment-routes.js'
import { validOperation } from './operation-validation.js'
import { honoPath, operations } from './operations.js'
import { requestRoutes } from './request-routes.js'
import { snapshotRoutes } from './snapshot-routes.js'
import { workspaceRoutes } from './workspace-routes.js'

export function managementRoutes(runtime: ReplicaRuntime) {
  const { ctx } = runtime
  const limitBody = bodyCap(runtime.options.maxBodyBytes, ctx.usage)
  let openApi: Record<string, unknown> | undefined
  const { getOpenApiDocument } = operations
  return (
    new Hono<ReplicaEnv>()
      // only for methods that carry a body: reading the body stream for the limit makes the node
      // adapter build a full Request (measured ~46 us per GET), and every middleware passed costs
      .on(BODY_METHODS, '*', limitBody)
      // the one route without a token: the document describes the API, it holds no data
      // built on first request (the converter is not loaded before): ~30 ms, then cached
      .get(honoPath(getOpenApiDocument), validOperation(getOpenApiDocument, ctx.usage), async (c) => {
        openApi ??= (await import('../openapi/openapi-document.js')).createOpenApiDocument()
        return c.json(openApi)
      })
      .use(authenticateCaller(ctx))
      .route('/', catalogRoutes(ctx))
      .route('/', workspaceRoutes(ctx))
      .route('/', environmentRoutes(ctx))
      .route('/', credentialsRoutes(ctx))
      .route('/', snapshotRoutes(ctx))
      .route('/', auditRoutes(ctx))
      .route('/', requestRoutes(ctx))
      .all('*', (c) => {
        ctx.usage?.unemulated({
          kind: 'unknown_route',
          surface: 'management',
          method: c.req.method,
          path: c.req.path,
          detail: 'no management operation has this method and path',
        })
        throw new ManagementError('not_found', `Failed to find route: ${c.req.method} ${c.req.path}`)
      })
  )
}
