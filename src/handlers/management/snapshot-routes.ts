/**
 * @module
 * `/v1/snapshots`: create, list, get, rename, delete.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import type { ManagementContext } from '../../management/context.js'
import {
  createSnapshot,
  deleteSnapshot,
  getSnapshot,
  listSnapshots,
  updateSnapshot,
} from '../../management/snapshots.js'
import { Id } from '../../schemas/common.js'
import { CreateSnapshot, ListSnapshotsQuery, UpdateSnapshot } from '../../schemas/snapshot.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { valid, validJson } from '../http/validate.js'
import { callOf, idempotencyHeader, idempotentRequest, requires } from './operation-middleware.js'

const SnapshotPath = z.object({ snapshotId: Id })

export function snapshotRoutes(ctx: ManagementContext) {
  return new Hono<ReplicaEnv>()
    .get('/snapshots', requires('snapshots:read'), valid('query', ListSnapshotsQuery), async (c) =>
      c.json(await listSnapshots(ctx, c.get('caller'), c.req.valid('query'))),
    )
    .post(
      '/snapshots',
      requires('snapshots:write'),
      idempotencyHeader,
      ...validJson(CreateSnapshot),
      async (c) => {
        const body = c.req.valid('json')
        const { replayed, result } = await createSnapshot(ctx, callOf(c), body, idempotentRequest(c, body))
        return c.json(result, replayed ? 200 : 202)
      },
    )
    .get('/snapshots/:snapshotId', requires('snapshots:read'), valid('param', SnapshotPath), async (c) =>
      c.json(await getSnapshot(ctx, c.get('caller'), c.req.valid('param').snapshotId)),
    )
    .patch(
      '/snapshots/:snapshotId',
      requires('snapshots:write'),
      valid('param', SnapshotPath),
      ...validJson(UpdateSnapshot),
      async (c) =>
        c.json(await updateSnapshot(ctx, callOf(c), c.req.valid('param').snapshotId, c.req.valid('json'))),
    )
    .delete('/snapshots/:snapshotId', requires('snapshots:write'), valid('param', SnapshotPath), async (c) =>
      c.json(await deleteSnapshot(ctx, callOf(c), c.req.valid('param').snapshotId)),
    )
}
