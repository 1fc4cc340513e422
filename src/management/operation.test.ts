import { expect, it } from 'vitest'
import { defaultFixture } from '../fixtures/default-fixture.js'
import { createClock } from '../store/clock.js'
import { byId } from '../store/store-collection.js'
import { createStore, StoreContent } from '../store/store.js'
import type { ManagementContext } from './context.js'
import { DueQueue } from './due-queue.js'
import { runOperation } from './operation.js'

// settle() reads only the store, the clock and the due queue
async function setup() {
  const store = createStore()
  const empty = Object.keys(StoreContent.shape.collections.shape).map((name) => [name, []])
  await store.restore({
    tenancy: { organization: defaultFixture.organization, limits: defaultFixture.limits },
    collections: { ...Object.fromEntries(empty), workspaces: defaultFixture.workspaces },
  } as StoreContent)
  const ctx = { store, clock: createClock('manual'), due: new DueQueue() } as unknown as ManagementContext
  // due now, for an environment that no longer exists: settling drops it
  ctx.due.push({ at: ctx.clock.nowMs(), kind: 'environment', id: 'env_gone' })
  return ctx
}

it('undoes the store, the due entries it settled and the out-of-store steps when the work throws', async () => {
  const ctx = await setup()
  const before = ctx.store.serialise()
  const outside: string[] = []
  await expect(
    runOperation(ctx, async (tx) => {
      expect(ctx.due.size).toBe(0)
      await ctx.store.workspaces.update(ctx.store.workspaces.findById('ws_default')!, {
        name: 'Renamed',
      })
      outside.push('created')
      tx.onRollback(() => outside.push('dropped'))
      tx.onCommit(() => outside.push('committed'))
      throw new Error('boom')
    }),
  ).rejects.toThrow('boom')
  expect(ctx.store.serialise()).toEqual(before)
  expect(ctx.due.pop()).toEqual({ at: ctx.clock.nowMs(), kind: 'environment', id: 'env_gone' })
  expect(outside).toEqual(['created', 'dropped'])
})

it('keeps the work and runs commit hooks, never rollback steps, when the work succeeds', async () => {
  const ctx = await setup()
  const outside: string[] = []
  const result = await runOperation(ctx, async (tx) => {
    await ctx.store.workspaces.update(ctx.store.workspaces.findById('ws_default')!, {
      name: 'Renamed',
    })
    tx.onRollback(() => outside.push('dropped'))
    tx.onCommit(() => outside.push('committed'))
    return 'done'
  })
  expect(result).toBe('done')
  expect(ctx.store.workspaces.findFirst(byId('ws_default'))?.name).toBe('Renamed')
  expect(ctx.due.size).toBe(0)
  expect(outside).toEqual(['committed'])
})
