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
import { requestRoutes } from './request-routes.js'
import { snapshotRoutes } from './snapshot-routes.js'
import { workspaceRoutes } from './workspace-routes.js'

export function managementRoutes(runtime: ReplicaRuntime) {
  const { ctx } = runtime
  const limitBody = bodyCap(runtime.options.maxBodyBytes)
  return (
    new Hono<ReplicaEnv>()
      // only for methods that carry a body: reading the body stream for the limit makes the node
      // adapter build a full Request (measured ~46 us per GET), and every middleware passed costs
      .on(BODY_METHODS, '*', limitBody)
      .use(authenticateCaller(ctx))
      .route('/', catalogRoutes(ctx))
      .route('/', workspaceRoutes(ctx))
      .route('/', environmentRoutes(ctx))
      .route('/', credentialsRoutes(ctx))
      .route('/', snapshotRoutes(ctx))
      .route('/', auditRoutes(ctx))
      .route('/', requestRoutes(ctx))
      .all('*', (c) => {
        throw new ManagementError('not_found', `Failed to find route: ${c.req.method} ${c.req.path}`)
      })
  )
}
