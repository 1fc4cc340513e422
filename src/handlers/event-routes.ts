/**
 * @module
 * `GET /__replica/environments/{environmentId}/events`: the platform events an environment's
 * apps published, oldest first within an app (`?type=Order_Placed__e`, `?app=crm`, `?after=`
 * a replay id). An environment that does not exist or whose data was released is 404.
 */
import { Hono } from 'hono'
import * as z from 'zod'
import { InputError, ManagementError } from '../management/errors.js'
import type { ReplicaRuntime } from '../runtime/create-runtime.js'
import { listEvents } from '../runtime/environment-events.js'
import type { ReplicaEnv } from './http/replica-env.js'
import { valid } from './http/validate.js'

const EventsQuery = z.strictObject({
  type: z.string().min(1).optional(),
  app: z.string().min(1).optional(),
  after: z.coerce.number().int().min(0).optional(),
})

export function eventRoutes(runtime: ReplicaRuntime) {
  return new Hono<ReplicaEnv>().get('/:environmentId/events', valid('query', EventsQuery), (c) => {
    const environmentId = c.req.param('environmentId')
    try {
      return c.json({ data: listEvents(runtime, { ...c.req.valid('query'), environmentId }) })
    } catch (error) {
      if (error instanceof InputError) {
        throw new ManagementError('not_found', error.message.replace(/^\[replica-mock\] /, ''))
      }
      throw error
    }
  })
}
