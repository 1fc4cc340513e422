import { expect, it } from 'vitest'
import * as z from 'zod'
import { StoreError } from './errors.js'
import { byId, StoreCollection } from './store-collection.js'
import { TransactionLog } from './transaction.js'

const Item = z.strictObject({
  id: z.string(),
  createdAt: z.string(),
  status: z.enum(['a', 'b']),
  note: z.string().optional(),
})
type Item = z.infer<typeof Item>

function setup() {
  const log = new TransactionLog()
  const items = new StoreCollection({ name: 'items', schema: Item, log })
  return { log, items }
}

const item = (id: string, createdAt: string, status: Item['status'] = 'a'): Item => ({
  id,
  createdAt,
  status,
})

const ids = (records: readonly Item[]) => records.map((record) => record.id)

it('finds, counts and sorts records through @msw/data queries', async () => {
  const { items } = setup()
  await items.create(item('x', '2026-01-02'))
  await items.create(item('y', '2026-01-01', 'b'))
  await items.create(item('z', '2026-01-03'))
  expect(items.findFirst(byId('y'))?.status).toBe('b')
  expect(items.findFirst(byId('nope'))).toBeUndefined()
  expect(items.findById('y')?.status).toBe('b')
  expect(items.findById('nope')).toBeUndefined()
  expect(ids(items.findMany((q) => q.where({ status: 'a' })))).toEqual(['x', 'z'])
  expect(items.count((q) => q.where({ status: 'a' }))).toBe(2)
  expect(items.count()).toBe(3)
  expect(ids(items.findMany(undefined, { orderBy: { createdAt: 'desc' } }))).toEqual(['z', 'x', 'y'])
})

it('updates a record in place and deletes records one by one or by query', async () => {
  const { items } = setup()
  const x = await items.create(item('x', '2026-01-01'))
  await items.create(item('y', '2026-01-02'))
  await items.create(item('z', '2026-01-03', 'b'))
  const updated = await items.update(x, { status: 'b', note: 'changed' })
  expect(updated).toEqual({ ...item('x', '2026-01-01', 'b'), note: 'changed' })
  expect(items.findById('x')!).toEqual(updated)
  expect(ids(items.findMany())).toEqual(['x', 'y', 'z'])
  items.delete(items.findById('y')!)
  expect(ids(items.findMany())).toEqual(['x', 'z'])
  expect(ids(items.deleteMany((q) => q.where({ status: 'b' })))).toEqual(['x', 'z'])
  expect(items.count()).toBe(0)
})

it('writes nothing when an update changes no field', async () => {
  const { items } = setup()
  const x = await items.create(item('x', '2026-01-01'))
  const version = items.version
  expect(await items.update(x, { status: 'a' })).toBe(x)
  expect(items.version).toBe(version)
})

it('errors on a record that breaks the schema and stores nothing', async () => {
  const { items } = setup()
  await expect(items.create({ id: 'x', createdAt: '2026', status: 'c' } as never)).rejects.toThrow(StoreError)
  expect(items.count()).toBe(0)
  const x = await items.create(item('x', '2026-01-01'))
  await expect(items.update(x, { status: 'zzz' } as never)).rejects.toThrow(/Failed to update "items" record/)
  expect(items.findFirst(byId('x'))?.status).toBe('a')
})

it('rolls back creates, updates and deletes of a failed transaction', async () => {
  const { items, log } = setup()
  await items.create(item('keep', '2026-01-01'))
  await items.create(item('gone', '2026-01-02'))
  await items.create(item('last', '2026-01-03'))
  const before = items.serialise()
  await expect(
    log.runAsync(async () => {
      await items.create(item('added', '2026-01-04'))
      const changed = await items.update(items.findById('keep')!, { status: 'b', note: 'new' })
      await items.update(changed, { status: 'a' })
      items.delete(items.findById('gone')!)
      items.deleteMany((q) => q.where({ id: 'last' }))
      expect(ids(items.findMany())).toEqual(['keep', 'added'])
      throw new Error('boom')
    }),
  ).rejects.toThrow('boom')
  expect(items.findFirst(byId('keep'))).toEqual(item('keep', '2026-01-01'))
  expect(items.serialise()).toEqual(before)
})

it('moves its version on with every change, rolled back ones too', async () => {
  const { items, log } = setup()
  const start = items.version
  await items.create(item('x', '2026-01-01'))
  const created = items.version
  expect(created).not.toBe(start)
  items.findMany()
  expect(items.version).toBe(created)
  await expect(
    log.runAsync(async () => {
      await items.update(items.findById('x')!, { status: 'b' })
      throw new Error('boom')
    }),
  ).rejects.toThrow('boom')
  expect(items.version).not.toBe(created)
})

it('reports committed writes to its observer as plain copies, and none that rolled back', async () => {
  const { items, log } = setup()
  const seen: unknown[][] = []
  items.observe((collection, id, record) => seen.push([collection, id, record]))
  await log.runAsync(async () => {
    await items.create(item('x', '2026-01-01'))
    await items.update(items.findById('x')!, { status: 'b' })
    expect(seen).toEqual([])
  })
  await expect(
    log.runAsync(async () => {
      await items.create(item('y', '2026-01-02'))
      throw new Error('boom')
    }),
  ).rejects.toThrow('boom')
  items.delete(items.findById('x')!)
  expect(seen).toEqual([
    ['items', 'x', item('x', '2026-01-01')],
    ['items', 'x', item('x', '2026-01-01', 'b')],
    ['items', 'x', undefined],
  ])
  expect(Object.getOwnPropertySymbols(seen[0]![2])).toEqual([])
})

it('serialises to plain JSON and restores the same records in the same order', async () => {
  const { items } = setup()
  await items.create(item('a2', '2026-01-02', 'b'))
  await items.create(item('a1', '2026-01-01'))
  const json = JSON.parse(JSON.stringify(items.serialise()))
  expect(items.serialise()).toEqual(json)
  const { items: copy } = setup()
  await copy.restore(json)
  expect(copy.serialise()).toEqual(items.serialise())
  expect(ids(copy.findMany((q) => q.where({ status: 'b' })))).toEqual(['a2'])
})

it('restores nothing from records with a bad one or a repeated id', async () => {
  const { items } = setup()
  await items.create(item('x', '2026-01-01'))
  await expect(items.restore([item('y', '2026-01-01'), { id: 'z' }])).rejects.toThrow(
    /Failed to restore "items" record: createdAt/,
  )
  await expect(items.restore([item('y', '2026-01-01'), item('y', '2026-01-02')])).rejects.toThrow(
    /id "y" appears twice/,
  )
  expect(ids(items.findMany())).toEqual(['x'])
})

it('keeps its id and key index in step with every write, rollback and restore', async () => {
  const log = new TransactionLog()
  const items = new StoreCollection({ name: 'items', schema: Item, log, keys: ['note'] })
  const x = await items.create({ ...item('x', '2026-01-01'), note: 'tok_x' })
  expect(items.findByKey('note', 'tok_x')?.id).toBe('x')
  await items.update(x, { note: 'tok_x2' })
  expect(items.findByKey('note', 'tok_x')).toBeUndefined()
  expect(items.findByKey('note', 'tok_x2')?.id).toBe('x')

  // a transaction that creates, re-keys and deletes, then fails: the index is as it was
  await expect(
    log.runAsync(async () => {
      await items.create({ ...item('y', '2026-01-02'), note: 'tok_y' })
      await items.update(items.findById('x')!, { note: 'tok_x3' })
      items.delete(items.findById('x')!)
      throw new Error('roll back')
    }),
  ).rejects.toThrow('roll back')
  expect(items.findById('y')).toBeUndefined()
  expect(items.findByKey('note', 'tok_y')).toBeUndefined()
  expect(items.findByKey('note', 'tok_x3')).toBeUndefined()
  expect(items.findByKey('note', 'tok_x2')?.id).toBe('x')

  await items.restore([{ ...item('z', '2026-01-03'), note: 'tok_z' }, item('w', '2026-01-04')])
  expect(items.findById('x')).toBeUndefined()
  expect(items.findByKey('note', 'tok_x2')).toBeUndefined()
  expect(items.findByKey('note', 'tok_z')?.id).toBe('z')
  expect(items.findById('w')?.createdAt).toBe('2026-01-04')
})
