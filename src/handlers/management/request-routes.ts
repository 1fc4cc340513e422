/**
 * @module
 * `/v1/requests`: list, stats, one recorded call, and a body download.
 */
import { Hono } from 'hono'
import type { ManagementContext } from '../../management/context.js'
import { getRequest, getRequestBody, getRequestStats, listRequests } from '../../management/requests.js'
import type { RequestStatsQuery } from '../../schemas/request.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { operationCheck, validOperation } from './operation-validation.js'
import { honoPath, operations as ops } from './operations.js'

export function requestRoutes(ctx: ManagementContext) {
  const { usage } = ctx
  const checkStats = operationCheck(ops.getRequestStats, usage)
  return (
    new Hono<ReplicaEnv>()
      .get(honoPath(ops.listRequests), validOperation(ops.listRequests, usage), async (c) =>
        c.json(await listRequests(ctx, c.get('caller'), c.req.valid('query'))),
      )
      // `/requests/stats` is answered here, not as a route of its own: Hono's fastest router takes no
      // fixed segment beside a parameter, and one such pair makes the whole app fall back to a slower
      // one (measured: ~3 µs on every request, /v1 and app calls alike)
      .get(
        honoPath(ops.getRequest),
        async (c, next) => {
          if (c.req.param('requestId') !== 'stats') return next()
          checkStats(c)
          const query = c.req.valid('query' as never) as RequestStatsQuery
          return c.json(await getRequestStats(ctx, c.get('caller'), query))
        },
        validOperation(ops.getRequest, usage),
        async (c) => c.json(await getRequest(ctx, c.get('caller'), c.req.valid('param').requestId)),
      )
      .get(honoPath(ops.getRequestBody), validOperation(ops.getRequestBody, usage), async (c) => {
        const { requestId, direction } = c.req.valid('param')
        const { bytes, filename } = await getRequestBody(ctx, c.get('caller'), requestId, direction)
        return c.body(bytes, 200, {
          'content-type': 'application/octet-stream',
          'content-disposition': `attachment; filename="${filename}"`,
        })
      })
  )
}
