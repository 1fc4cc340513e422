import { expectTypeOf, test } from 'vitest'
import {
  type ApexRestRoutes,
  type ApexSaveResult,
  createReplicaMock,
  type EnvironmentEvent,
  type InvocableActions,
  type ReplicaMock,
  type ReplicaMockOptions,
  type StateDocument,
} from '../../src/index.js'
import type { Environment } from '../../src/schemas/index.js'
import { createReplicaServer, type ReplicaServer } from '../../src/server/index.js'

test('createReplicaMock takes the documented options', () => {
  expectTypeOf(createReplicaMock).parameter(0).toEqualTypeOf<ReplicaMockOptions | undefined>()
  expectTypeOf<ReplicaMockOptions>().toHaveProperty('baseUrl').toEqualTypeOf<string | undefined>()
  expectTypeOf<ReplicaMockOptions>().toHaveProperty('clock').toEqualTypeOf<'real' | 'manual' | undefined>()
  expectTypeOf<{ lifecycle: { startMs: number } }>().toExtend<ReplicaMockOptions>()
  // @ts-expect-error a misspelt option is a type error
  createReplicaMock({ baseURL: 'https://x.test' })
  // @ts-expect-error lifecycle delays are numbers
  createReplicaMock({ lifecycle: { startMs: '10' } })
})

test('the mock exposes handlers, fetch, state and typed accessors', () => {
  const mock = createReplicaMock()
  expectTypeOf(mock.fetch).toEqualTypeOf<(request: Request) => Promise<Response>>()
  expectTypeOf(mock.exportState()).toEqualTypeOf<StateDocument>()
  expectTypeOf(mock.seed.environment).returns.resolves.toEqualTypeOf<Environment>()
  expectTypeOf(mock.environments.get).returns.resolves.toEqualTypeOf<Environment | undefined>()
  expectTypeOf(mock.clock.advance).parameter(0).toBeNumber()
})

test('the standalone server resolves to a URL and the same mock', () => {
  expectTypeOf(createReplicaServer).returns.resolves.toEqualTypeOf<ReplicaServer>()
  expectTypeOf<ReplicaServer['url']>().toBeString()
  expectTypeOf<ReplicaServer['mock']>().toEqualTypeOf<ReplicaMock>()
})

test('an Apex REST handler gets the typed context, and routes and actions are options', () => {
  const routes: ApexRestRoutes = {
    'GET /orders/v1/:id': ({ params, records, user, response, request, eventBus }) => {
      expectTypeOf(params).toEqualTypeOf<Readonly<Record<string, string>>>()
      expectTypeOf(records.create).returns.toBeString()
      expectTypeOf(user.getUserId).returns.toBeString()
      expectTypeOf(response.statusCode).toBeNumber()
      expectTypeOf(request.requestBody).toBeString()
      expectTypeOf(eventBus.publish).returns.toEqualTypeOf<ApexSaveResult>()
      return { id: params.id }
    },
  }
  const actions: InvocableActions = { Echo: ({ inputs }) => inputs }
  createReplicaMock({ apexRest: routes, invocableActions: actions, apex: './apex.mjs', apexTimeoutMs: 0 })
  expectTypeOf(createReplicaMock().events).returns.toEqualTypeOf<EnvironmentEvent[]>()
})
