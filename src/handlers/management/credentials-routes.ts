/**
 * @module
 * `POST /v1/environments/{environmentId}/apps/{appName}/credentials`. The body (`{ actorId? }`) may
 * be left out entirely: a bare POST asks for the default actor's credentials.
 */
import { Hono } from 'hono'
import type { ManagementContext } from '../../management/context.js'
import { createCredentials } from '../../management/credentials.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { callOf } from './operation-middleware.js'
import { validOperation } from './operation-validation.js'
import { honoPath, operations as ops } from './operations.js'

export function credentialsRoutes(ctx: ManagementContext) {
  return new Hono<ReplicaEnv>().post(
    honoPath(ops.createCredentials),
    validOperation(ops.createCredentials, ctx.usage),
    async (c) => {
      const { environmentId, appName } = c.req.valid('param')
      return c.json(await createCredentials(ctx, callOf(c), environmentId, appName, c.req.valid('json')))
    },
  )
}
