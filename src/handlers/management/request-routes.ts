/**
 * @module
 * `/v1/requests`: list, stats, one recorded call, and a body download.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import type { ManagementContext } from '../../management/context.js'
import { getRequestStats } from '../../management/request-stats.js'
import { getRequest, getRequestBody, listRequests } from '../../management/requests.js'
import {
  ListRequestsQuery,
  RequestBodyDirection,
  RequestId,
  RequestStatsQuery,
} from '../../schemas/request.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { valid } from '../http/validate.js'
import { requires } from './operation-middleware.js'

const RequestPath = z.object({ requestId: RequestId })
const RequestBodyPath = z.object({ requestId: RequestId, direction: RequestBodyDirection })

export function requestRoutes(ctx: ManagementContext) {
  return new Hono<ReplicaEnv>()
    .get('/requests', requires('environments:read'), valid('query', ListRequestsQuery), async (c) =>
      c.json(await listRequests(ctx, c.get('caller'), c.req.valid('query'))),
    )
    .get('/requests/stats', requires('environments:read'), valid('query', RequestStatsQuery), async (c) =>
      c.json(await getRequestStats(ctx, c.get('caller'), c.req.valid('query'))),
    )
    .get('/requests/:requestId', requires('environments:read'), valid('param', RequestPath), async (c) =>
      c.json(await getRequest(ctx, c.get('caller'), c.req.valid('param').requestId)),
    )
    .get(
      '/requests/:requestId/body/:direction',
      requires('environments:read'),
      valid('param', RequestBodyPath),
      async (c) => {
        const { requestId, direction } = c.req.valid('param')
        const { bytes, filename } = await getRequestBody(ctx, c.get('caller'), requestId, direction)
        return c.body(bytes, 200, {
          'content-type': 'application/octet-stream',
          'content-disposition': `attachment; filename="${filename}"`,
        })
      },
    )
}
