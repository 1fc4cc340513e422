import { expect, it } from 'vitest'
import { SHARD_CREATES, ShardedCollection } from './sharded-collection.js'

type Row = { id: string; n: number }

async function filled(count: number) {
  const rows = new ShardedCollection<Row>()
  const stored: Row[] = []
  for (let n = 0; n < count; n++) stored.push(await rows.create({ id: `r${n}`, n }))
  return { rows, stored }
}

it('stores what it is given and deletes each record from the shard it was created in', async () => {
  const count = 3 * SHARD_CREATES + 10
  const { rows, stored } = await filled(count)
  expect(rows.size).toBe(count)
  expect(stored[count - 1]).toEqual({ id: `r${count - 1}`, n: count - 1 })
  // every other record, from every shard
  for (let n = 0; n < count; n += 2) rows.delete(stored[n]!)
  expect(rows.size).toBe(count / 2)
  // a record deleted already, or never stored, changes nothing
  rows.delete(stored[0]!)
  rows.delete({ id: 'r1', n: 1 })
  expect(rows.size).toBe(count / 2)
  for (let n = 1; n < count; n += 2) rows.delete(stored[n]!)
  expect(rows.size).toBe(0)
})

it('lets go of a shard once it is emptied and takes no more creates', async () => {
  const rows = new ShardedCollection<Row>()
  // one record created and deleted at a time: every shard is empty when it fills
  for (let n = 0; n < 3 * SHARD_CREATES; n++) rows.delete(await rows.create({ id: `r${n}`, n }))
  expect(rows.size).toBe(0)
  expect(rows.shardCount).toBeLessThanOrEqual(1)
})

it('takes creates after its shards were emptied, and clear empties every shard', async () => {
  const { rows, stored } = await filled(SHARD_CREATES + 1)
  for (const row of stored) rows.delete(row)
  const again = await rows.create({ id: 'again', n: 0 })
  expect(rows.size).toBe(1)
  rows.delete(again)
  expect(rows.size).toBe(0)
  const { rows: full } = await filled(2 * SHARD_CREATES)
  full.clear()
  expect(full.size).toBe(0)
  await full.create({ id: 'after-clear', n: 1 })
  expect(full.size).toBe(1)
})
