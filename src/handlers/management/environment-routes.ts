/**
 * @module
 * `/v1/environments`: create, list, get, update, delete, pause, resume.
 */
import { Hono } from 'hono'
import type { ManagementContext } from '../../management/context.js'
import { createEnvironment } from '../../management/create-environment.js'
import {
  deleteEnvironment,
  pauseEnvironment,
  resumeEnvironment,
} from '../../management/environment-lifecycle-requests.js'
import { getEnvironment, listEnvironments, updateEnvironment } from '../../management/environments.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { callOf, idempotentRequest } from './operation-middleware.js'
import { validOperation } from './operation-validation.js'
import { honoPath, operations as ops } from './operations.js'

export function environmentRoutes(ctx: ManagementContext) {
  const { usage } = ctx
  return new Hono<ReplicaEnv>()
    .get(honoPath(ops.listEnvironments), validOperation(ops.listEnvironments, usage), async (c) =>
      c.json(await listEnvironments(ctx, c.get('caller'), c.req.valid('query'))),
    )
    .post(honoPath(ops.createEnvironment), validOperation(ops.createEnvironment, usage), async (c) => {
      const body = c.req.valid('json')
      const { replayed, result } = await createEnvironment(ctx, callOf(c), body, idempotentRequest(c, body))
      return c.json(result, replayed ? 200 : 202)
    })
    .get(honoPath(ops.getEnvironment), validOperation(ops.getEnvironment, usage), async (c) =>
      c.json(await getEnvironment(ctx, c.get('caller'), c.req.valid('param').environmentId)),
    )
    .patch(honoPath(ops.updateEnvironment), validOperation(ops.updateEnvironment, usage), async (c) =>
      c.json(
        await updateEnvironment(ctx, callOf(c), c.req.valid('param').environmentId, c.req.valid('json')),
      ),
    )
    .delete(honoPath(ops.deleteEnvironment), validOperation(ops.deleteEnvironment, usage), async (c) => {
      const { environmentId } = c.req.valid('param')
      const { result } = await deleteEnvironment(ctx, callOf(c), environmentId, idempotentRequest(c))
      return c.json(result)
    })
    .post(honoPath(ops.pauseEnvironment), validOperation(ops.pauseEnvironment, usage), async (c) => {
      const { environmentId } = c.req.valid('param')
      const { result } = await pauseEnvironment(ctx, callOf(c), environmentId, idempotentRequest(c))
      return c.json(result)
    })
    .post(honoPath(ops.resumeEnvironment), validOperation(ops.resumeEnvironment, usage), async (c) => {
      const { environmentId } = c.req.valid('param')
      const { result } = await resumeEnvironment(ctx, callOf(c), environmentId, idempotentRequest(c))
      return c.json(result)
    })
}
