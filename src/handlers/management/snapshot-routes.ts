/**
 * @module
 * `/v1/snapshots`: create, list, get, rename, delete.
 */
import { Hono } from 'hono'
import type { ManagementContext } from '../../management/context.js'
import {
  createSnapshot,
  deleteSnapshot,
  getSnapshot,
  listSnapshots,
  updateSnapshot,
} from '../../management/snapshots.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { callOf, idempotentRequest } from './operation-middleware.js'
import { validOperation } from './operation-validation.js'
import { honoPath, operations as ops } from './operations.js'

export function snapshotRoutes(ctx: ManagementContext) {
  const { usage } = ctx
  return new Hono<ReplicaEnv>()
    .get(honoPath(ops.listSnapshots), validOperation(ops.listSnapshots, usage), async (c) =>
      c.json(await listSnapshots(ctx, c.get('caller'), c.req.valid('query'))),
    )
    .post(honoPath(ops.createSnapshot), validOperation(ops.createSnapshot, usage), async (c) => {
      const body = c.req.valid('json')
      const { replayed, result } = await createSnapshot(ctx, callOf(c), body, idempotentRequest(c, body))
      return c.json(result, replayed ? 200 : 202)
    })
    .get(honoPath(ops.getSnapshot), validOperation(ops.getSnapshot, usage), async (c) =>
      c.json(await getSnapshot(ctx, c.get('caller'), c.req.valid('param').snapshotId)),
    )
    .patch(honoPath(ops.updateSnapshot), validOperation(ops.updateSnapshot, usage), async (c) =>
      c.json(await updateSnapshot(ctx, callOf(c), c.req.valid('param').snapshotId, c.req.valid('json'))),
    )
    .delete(honoPath(ops.deleteSnapshot), validOperation(ops.deleteSnapshot, usage), async (c) =>
      c.json(await deleteSnapshot(ctx, callOf(c), c.req.valid('param').snapshotId)),
    )
}
