import { expect, it } from 'vitest'
import { z } from 'zod'
import { StoreError } from './errors.js'
import { IndexedCollection } from './indexed-collection.js'
import { SHARD_CREATES } from './sharded-collection.js'
import { TransactionLog } from './transaction.js'

const Item = z.strictObject({ id: z.string(), createdAt: z.string(), status: z.enum(['a', 'b']) })
type Item = z.infer<typeof Item>

function setup() {
  const log = new TransactionLog()
  const items = new IndexedCollection({
    name: 'items',
    schema: Item,
    log,
    indexes: ['status'],
    orderKey: (item) => item.createdAt,
  })
  return { log, items }
}

const item = (id: string, createdAt: string, status: Item['status'] = 'a'): Item => ({
  id,
  createdAt,
  status,
})

it('finds records by id and by an indexed field', async () => {
  const { items } = setup()
  await items.insert(item('x', '2026-01-01'))
  await items.insert(item('y', '2026-01-02', 'b'))
  expect(items.get('y')?.status).toBe('b')
  expect(items.findBy('status', 'a').map((found) => found.id)).toEqual(['x'])
  expect([items.countBy('status', 'a'), items.countBy('status', 'b')]).toEqual([1, 1])
})

it('refuses to find or count by a field it keeps no index of, naming it', () => {
  const { items } = setup()
  expect(() => items.findBy('createdAt', 'x')).toThrow(
    new StoreError('Failed to query "items": "createdAt" is not indexed'),
  )
  expect(() => items.countBy('createdAt', 'x')).toThrow(
    new StoreError('Failed to count in "items": "createdAt" is not indexed'),
  )
})

it('iterates newest first by order key, then by insertion', async () => {
  const { items } = setup()
  await items.insert(item('old', '2026-01-01'))
  await items.insert(item('new', '2026-03-01'))
  await items.insert(item('mid', '2026-02-01'))
  await items.insert(item('mid2', '2026-02-01'))
  expect([...items.newestFirst()].map((record) => record.id)).toEqual(['new', 'mid2', 'mid', 'old'])
})

it('keeps indexes in step with updates and removals', async () => {
  const { items } = setup()
  await items.insert(item('x', '2026-01-01'))
  await items.update('x', { status: 'b' })
  expect(items.findBy('status', 'a')).toEqual([])
  expect(items.findBy('status', 'b').map((found) => found.id)).toEqual(['x'])
  expect([items.countBy('status', 'a'), items.countBy('status', 'b')]).toEqual([0, 1])
  await items.remove('x')
  expect(items.findBy('status', 'b')).toEqual([])
  expect(items.countBy('status', 'b')).toBe(0)
  expect(items.size).toBe(0)
})

it('errors on a record that breaks the schema and stores nothing', async () => {
  const { items } = setup()
  await expect(items.insert({ id: 'x', createdAt: '2026', status: 'c' } as never)).rejects.toThrow(StoreError)
  expect(items.size).toBe(0)
  await items.insert(item('x', '2026-01-01'))
  await expect(items.update('x', { status: 'zzz' } as never)).rejects.toThrow(
    /Failed to update "items" record/,
  )
  expect(items.get('x')?.status).toBe('a')
})

it('errors on a duplicate id', async () => {
  const { items } = setup()
  await items.insert(item('x', '2026-01-01'))
  await expect(items.insert(item('x', '2026-01-02'))).rejects.toThrow(/exists/)
})

it('rolls back inserts, updates and removals of a failed transaction, indexes included', async () => {
  const { items, log } = setup()
  await items.insert(item('keep', '2026-01-01'))
  await items.insert(item('gone', '2026-01-02'))
  const before = items.serialise()
  await expect(
    log.runAsync(async () => {
      await items.insert(item('added', '2026-01-03'))
      await items.update('keep', { status: 'b' })
      await items.remove('gone')
      expect(items.findBy('status', 'b').map((found) => found.id)).toEqual(['keep'])
      throw new Error('boom')
    }),
  ).rejects.toThrow('boom')
  expect(items.serialise()).toEqual(before)
  expect(items.all().map((found) => found.id)).toEqual(['keep', 'gone'])
  expect(items.get('keep')?.status).toBe('a')
  expect(items.findBy('status', 'b')).toEqual([])
  expect(
    items
      .findBy('status', 'a')
      .map((found) => found.id)
      .sort(),
  ).toEqual(['gone', 'keep'])
  expect([...items.newestFirst()].map((record) => record.id)).toEqual(['gone', 'keep'])
})

it('serialises to plain JSON and restores the same records in the same order', async () => {
  const { items } = setup()
  await items.insert(item('a1', '2026-01-01'))
  await items.insert(item('a2', '2026-01-01', 'b'))
  const json = JSON.parse(JSON.stringify(items.serialise()))
  const { items: copy } = setup()
  await copy.restore(json)
  expect(copy.serialise()).toEqual(items.serialise())
  expect(copy.findBy('status', 'b').map((found) => found.id)).toEqual(['a2'])
})

it('updates, removes and rolls back records created in earlier shards of @msw/data', async () => {
  const { items, log } = setup()
  const count = 2 * SHARD_CREATES + 5
  for (let n = 0; n < count; n++)
    await items.insert(item(`i${n}`, `2026-01-01T00:00:${String(n).padStart(4, '0')}`))
  await items.update('i0', { status: 'b' })
  await items.remove(`i${SHARD_CREATES}`)
  await expect(
    log.runAsync(async () => {
      await items.update('i1', { status: 'b' })
      await items.remove('i2')
      throw new Error('boom')
    }),
  ).rejects.toThrow('boom')
  expect(items.size).toBe(count - 1)
  expect(items.findBy('status', 'b').map((found) => found.id)).toEqual(['i0'])
  expect(items.get('i1')?.status).toBe('a')
  expect(items.get('i2')).toBeDefined()
  expect(items.get(`i${SHARD_CREATES}`)).toBeUndefined()
  expect(items.all().map((found) => found.id)).toEqual(
    Array.from({ length: count }, (_, n) => `i${n}`).filter((id) => id !== `i${SHARD_CREATES}`),
  )
})
