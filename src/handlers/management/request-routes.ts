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

/** The last segment of `getRequestStats`' path, where `getRequest` has the request id. */
const STATS = ops.getRequestStats.path.split('/').pop()

export function requestRoutes(ctx: ManagementContext) {
  const { usage } = ctx
  const validStats = validOperation(ops.getRequestStats, usage)
  return new Hono<ReplicaEnv>()
    .get(honoPath(ops.listRequests), validOperation(ops.listRequests, usage), async (c) =>
      c.json(await listRequests(ctx, c.get('caller'), c.req.valid('query'))),
    )
    .get(
      honoPath(ops.getRequest),
      // `/requests/stats` is answered here: a fixed segment beside a parameter would move the
      // whole app from Hono's RegExpRouter to its slower TrieRouter
      async (c, next) => {
        if (c.req.param('requestId') !== STATS) return next()
        // the same context, validated as the stats operation's
        const stats = c as unknown as Parameters<typeof validStats>[0]
        await validStats(stats, async () => undefined)
        return c.json(await getRequestStats(ctx, c.get('caller'), stats.req.valid('query')))
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
}
