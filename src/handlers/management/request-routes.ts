/**
 * @module
 * `/v1/requests`: list, stats, one recorded call, and a body download.
 */
import { Hono } from 'hono'
import type { ManagementContext } from '../../management/context.js'
import { getRequest, getRequestBody, getRequestStats, listRequests } from '../../management/requests.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { validOperation } from './operation-validation.js'
import { honoPath, operations as ops } from './operations.js'

export function requestRoutes(ctx: ManagementContext) {
  const { usage } = ctx
  return new Hono<ReplicaEnv>()
    .get(honoPath(ops.listRequests), validOperation(ops.listRequests, usage), async (c) =>
      c.json(await listRequests(ctx, c.get('caller'), c.req.valid('query'))),
    )
    .get(honoPath(ops.getRequestStats), validOperation(ops.getRequestStats, usage), async (c) =>
      c.json(await getRequestStats(ctx, c.get('caller'), c.req.valid('query'))),
    )
    .get(honoPath(ops.getRequest), validOperation(ops.getRequest, usage), async (c) =>
      c.json(await getRequest(ctx, c.get('caller'), c.req.valid('param').requestId)),
    )
    .get(honoPath(ops.getRequestBody), validOperation(ops.getRequestBody, usage), async (c) => {
      const { requestId, direction } = c.req.valid('param')
      const { bytes, filename } = await getRequestBody(ctx, c.get('caller'), requestId, direction)
      return c.body(bytes, 200, {
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment; filename="${filename}"`,
      })
    })
}
