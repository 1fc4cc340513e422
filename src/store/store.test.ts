import { expect, it } from 'vitest'
import { defaultFixture } from '../fixtures/default-fixture.js'
import { byId } from './store-collection.js'
import { createStore, StoreContent } from './store.js'

// every collection empty except those the fixture fills
const empty = Object.fromEntries(Object.keys(StoreContent.shape.collections.shape).map((name) => [name, []]))

const content = (): StoreContent => ({
  tenancy: { organization: defaultFixture.organization, limits: defaultFixture.limits },
  collections: {
    ...(empty as unknown as StoreContent['collections']),
    workspaces: defaultFixture.workspaces,
    apps: defaultFixture.apps,
    versions: defaultFixture.versions,
    members: defaultFixture.members,
    apiKeys: defaultFixture.apiKeys,
  },
})

const workspace = (id: string) => ({
  id,
  name: id,
  createdBy: { type: 'system' as const, id: null, name: null },
  createdAt: '2026-05-01T00:00:00.000Z',
  archivedAt: null,
})

it('undoes every write of a transaction that throws', async () => {
  const store = createStore()
  await store.restore(content())
  await expect(
    store.transaction(async () => {
      await store.workspaces.create(workspace('ws_new'))
      await store.workspaces.update(store.workspaces.findById('ws_default')!, { name: 'Renamed' })
      throw new Error('boom')
    }),
  ).rejects.toThrow('boom')
  expect(store.workspaces.findFirst(byId('ws_new'))).toBeUndefined()
  expect(store.workspaces.findFirst(byId('ws_default'))?.name).toBe('Default')
})

it('runs concurrent transactions one at a time', async () => {
  const store = createStore()
  await store.restore(content())
  const order: string[] = []
  const slow = store.transaction(async () => {
    order.push('slow:start')
    await new Promise((resolve) => setTimeout(resolve, 20))
    order.push('slow:end')
  })
  const fast = store.transaction(async () => {
    order.push('fast')
  })
  await Promise.all([slow, fast])
  expect(order).toEqual(['slow:start', 'slow:end', 'fast'])
})

it('keeps the previous content when a restore fails half way', async () => {
  const store = createStore()
  await store.restore(content())
  const broken = content()
  broken.collections.apiKeys = [{ id: 'bad id' }]
  await expect(store.restore(broken)).rejects.toThrow()
  expect(store.workspaces.findMany().map((found) => found.id)).toEqual([
    'ws_archived',
    'ws_other',
    'ws_default',
  ])
  expect(store.apiKeys.findMany()).toHaveLength(3)
})

it('undoes store writes and out-of-store steps newest first, and skips commit hooks, when work throws', async () => {
  const store = createStore()
  await store.restore(content())
  const before = store.serialise()
  const undone: string[] = []
  const committed: string[] = []
  await expect(
    store.transaction(async (scope) => {
      await store.workspaces.create(workspace('ws_new'))
      scope.onRollback(() => {
        undone.push(`outside 1 (ws_new stored: ${store.workspaces.findFirst(byId('ws_new')) !== undefined})`)
      })
      await store.workspaces.update(store.workspaces.findById('ws_default')!, { name: 'Renamed' })
      store.workspaces.delete(store.workspaces.findById('ws_other')!)
      scope.onRollback(() => {
        undone.push(
          `outside 2 (ws_other stored: ${store.workspaces.findFirst(byId('ws_other')) !== undefined})`,
        )
      })
      scope.onCommit(() => committed.push('hook'))
      throw new Error('boom')
    }),
  ).rejects.toThrow('boom')
  expect(store.serialise()).toEqual(before)
  expect(undone).toEqual(['outside 2 (ws_other stored: false)', 'outside 1 (ws_new stored: true)'])
  expect(committed).toEqual([])
})

it('keeps the writes of a transaction and runs its commit hooks, a failed savepoint excepted', async () => {
  const store = createStore()
  await store.restore(content())
  const committed: string[] = []
  await store.transaction(async (scope) => {
    await store.workspaces.create(workspace('ws_new'))
    await expect(
      scope.savepoint(async () => {
        await store.workspaces.update(store.workspaces.findById('ws_default')!, { name: 'Renamed' })
        scope.onCommit(() => committed.push('savepoint'))
        throw new Error('inner')
      }),
    ).rejects.toThrow('inner')
    scope.onCommit(() => committed.push('outer'))
  })
  expect(store.workspaces.findFirst(byId('ws_new'))).toBeDefined()
  expect(store.workspaces.findFirst(byId('ws_default'))?.name).toBe('Default')
  expect(committed).toEqual(['outer'])
})

it('comes back to a mark, restoring only the collections written since', async () => {
  const store = createStore()
  await store.restore(content())
  const mark = await store.transaction(() => store.mark())
  await store.transaction(async () => {
    await store.workspaces.create(workspace('ws_new'))
    await store.workspaces.update(store.workspaces.findById('ws_default')!, { name: 'Renamed' })
  })
  expect(await store.backTo(mark)).toEqual(['workspaces'])
  expect(store.serialise()).toEqual(content())
  // nothing written since the last backTo: nothing to restore
  expect(await store.backTo(mark)).toEqual([])
  await store.transaction(() => store.apiKeys.delete(store.apiKeys.findById('key_readonly')!))
  expect(await store.backTo(mark)).toEqual(['apiKeys'])
  expect(store.apiKeys.count()).toBe(3)
})
