/**
 * @module
 * `/v1/environments`: create, list, get, update, delete, pause, resume.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import type { ManagementContext } from '../../management/context.js'
import { createEnvironment } from '../../management/create-environment.js'
import {
  deleteEnvironment,
  pauseEnvironment,
  resumeEnvironment,
} from '../../management/environment-lifecycle-requests.js'
import { getEnvironment, listEnvironments, updateEnvironment } from '../../management/environments.js'
import { Id } from '../../schemas/common.js'
import { CreateEnvironment, ListEnvironmentsQuery, UpdateEnvironment } from '../../schemas/environment.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { valid, validJson } from '../http/validate.js'
import { callOf, idempotencyHeader, idempotentRequest, requires } from './operation-middleware.js'

const EnvironmentPath = z.object({ environmentId: Id })

export function environmentRoutes(ctx: ManagementContext) {
  return new Hono<ReplicaEnv>()
    .get('/environments', requires('environments:read'), valid('query', ListEnvironmentsQuery), async (c) =>
      c.json(await listEnvironments(ctx, c.get('caller'), c.req.valid('query'))),
    )
    .post(
      '/environments',
      requires('environments:write'),
      idempotencyHeader,
      ...validJson(CreateEnvironment),
      async (c) => {
        const body = c.req.valid('json')
        const { replayed, result } = await createEnvironment(ctx, callOf(c), body, idempotentRequest(c, body))
        return c.json(result, replayed ? 200 : 202)
      },
    )
    .get(
      '/environments/:environmentId',
      requires('environments:read'),
      valid('param', EnvironmentPath),
      async (c) => c.json(await getEnvironment(ctx, c.get('caller'), c.req.valid('param').environmentId)),
    )
    .patch(
      '/environments/:environmentId',
      requires('environments:write'),
      valid('param', EnvironmentPath),
      ...validJson(UpdateEnvironment),
      async (c) =>
        c.json(
          await updateEnvironment(ctx, callOf(c), c.req.valid('param').environmentId, c.req.valid('json')),
        ),
    )
    .delete(
      '/environments/:environmentId',
      requires('environments:write'),
      valid('param', EnvironmentPath),
      idempotencyHeader,
      async (c) => {
        const { environmentId } = c.req.valid('param')
        const { result } = await deleteEnvironment(ctx, callOf(c), environmentId, idempotentRequest(c))
        return c.json(result)
      },
    )
    .post(
      '/environments/:environmentId/pause',
      requires('environments:write'),
      valid('param', EnvironmentPath),
      idempotencyHeader,
      async (c) => {
        const { environmentId } = c.req.valid('param')
        const { result } = await pauseEnvironment(ctx, callOf(c), environmentId, idempotentRequest(c))
        return c.json(result)
      },
    )
    .post(
      '/environments/:environmentId/resume',
      requires('environments:write'),
      valid('param', EnvironmentPath),
      idempotencyHeader,
      async (c) => {
        const { environmentId } = c.req.valid('param')
        const { result } = await resumeEnvironment(ctx, callOf(c), environmentId, idempotentRequest(c))
        return c.json(result)
      },
    )
}
