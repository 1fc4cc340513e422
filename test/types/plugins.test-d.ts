import { expectTypeOf, type TestAPI, test as vitestTest } from 'vitest'
import type {
  ReplicaOptions,
  ReplicaTestFixtures,
  ReplicaWorkerFixtures,
} from '../../plugins/playwright/index.js'
import {
  expect,
  type RecordedCallMatch,
  type ReplicaFixture,
  type ReplicaPluginOptions,
  type ReplicaTestFixtures as VitestFixtures,
  replicaMock,
  test,
} from '../../plugins/vitest/index.js'

vitestTest('replicaMock() takes the mock options plus the plugin ones', () => {
  expectTypeOf(replicaMock).parameter(0).toEqualTypeOf<ReplicaPluginOptions | undefined>()
  expectTypeOf<{ mode: 'server'; onUnhandledRequest: 'warn' }>().toExtend<ReplicaPluginOptions>()
  // @ts-expect-error only 'msw' and 'server' modes exist
  replicaMock({ mode: 'docker' })
})

vitestTest('the Vitest test hands a typed replica fixture', () => {
  expectTypeOf(test).toEqualTypeOf<TestAPI<VitestFixtures>>()
  expectTypeOf<VitestFixtures['replica']>().toEqualTypeOf<ReplicaFixture>()
})

vitestTest('the matchers are typed on expect, with .not and .resolves', () => {
  expectTypeOf(expect({}).toHaveStatus).parameter(0).toBeString()
  expectTypeOf(expect({}).toHaveStatus('running')).toBeVoid()
  expectTypeOf(expect({}).not.toHaveRecordedCall).parameter(0).toEqualTypeOf<RecordedCallMatch>()
  expectTypeOf(expect(Promise.resolve({})).resolves.toHaveStatus('running')).toEqualTypeOf<Promise<void>>()
})

vitestTest('the Playwright fixtures and options have their documented names', () => {
  expectTypeOf<ReplicaWorkerFixtures>().toHaveProperty('replicaServer')
  expectTypeOf<ReplicaTestFixtures>().toHaveProperty('replica')
  expectTypeOf<ReplicaTestFixtures>().toHaveProperty('replicaNetwork')
  expectTypeOf<ReplicaOptions>().toHaveProperty('replicaBaseUrl')
})

vitestTest('the org schema options reach both plugins under the same names', () => {
  const schema = ['./force-app', { objects: [] as never[] }]
  expectTypeOf({ schema, data: './data', schemaStrict: true }).toExtend<ReplicaPluginOptions>()
  expectTypeOf({ schema, data: ['./data'], schemaStrict: true }).toExtend<ReplicaOptions['replicaOptions']>()
  // @ts-expect-error a schema source is a path or a document, never a number
  replicaMock({ schema: 5 })
})

vitestTest('toHavePublished is typed on expect, and the plugin takes the apex module by path only', () => {
  expectTypeOf(expect({}).toHavePublished).parameter(0).toBeString()
  expectTypeOf(expect({}).toHavePublished)
    .parameter(2)
    .toEqualTypeOf<{ environmentId?: string; times?: number } | undefined>()
  expectTypeOf<{ apex: string }>().toExtend<ReplicaPluginOptions>()
  // @ts-expect-error functions cannot travel to the workers: routes go per test with replica.apexRest.use
  replicaMock({ apexRest: {} })
  expectTypeOf<ReplicaFixture['apexRest']['use']>().toBeFunction()
})
