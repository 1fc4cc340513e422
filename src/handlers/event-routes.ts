/**
 * @module
 * The platform events environments published, oldest first within an app (`?type=`,
 * `?app=`, `?after=` a replay id): `GET /__replica/environments/{environmentId}/events` for one
 * environment (404 when it does not exist or its data was released), `GET /__replica/events`
 * for every live one (`?environmentId=` narrows it; the inspector's Events tab reads it).
 */
import { Hono } from 'hono'
import * as z from 'zod'
import { InputError, ManagementError } from '../management/errors.js'
import type { ReplicaRuntime } from '../runtime/create-runtime.js'
import { type EventQuery, listEvents } from '../runtime/environment-events.js'
import type { ReplicaEnv } from './http/replica-env.js'
import { valid } from './http/validate.js'

const EventsQuery = z.strictObject({
  type: z.string().min(1).optional(),
  app: z.string().min(1).optional(),
  after: z.coerce.number().int().min(0).optional(),
})

export function eventRoutes(runtime: ReplicaRuntime) {
  const list = (query: EventQuery) => {
    try {
      return { data: listEvents(runtime, query) }
    } catch (error) {
      if (error instanceof InputError) {
        throw new ManagementError('not_found', error.message.replace(/^\[replica-mock\] /, ''))
      }
      throw error
    }
  }
  return new Hono<ReplicaEnv>()
    .get('/environments/:environmentId/events', valid('query', EventsQuery), (c) =>
      c.json(list({ ...c.req.valid('query'), environmentId: c.req.param('environmentId') })),
    )
    .get(
      '/events',
      valid('query', EventsQuery.extend({ environmentId: z.string().min(1).optional() })),
      (c) => c.json(list(c.req.valid('query'))),
    )
}
