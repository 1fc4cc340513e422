import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { StoreCollection } from '../store/store-collection.js'
import { type PageRequest, paginate } from './pagination.js'

const Row = z.strictObject({ id: z.string(), at: z.string(), group: z.string() })
type Row = z.infer<typeof Row>

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString()

async function rows(count: number, group: (i: number) => string, second: (i: number) => number = (i) => i) {
  const collection = new StoreCollection({ name: 'rows', schema: Row })
  for (let i = 0; i < count; i++) await collection.create({ id: `r${i}`, at: at(second(i)), group: group(i) })
  return collection
}

function allPages(collection: StoreCollection<Row>, limit: number, where?: (row: Row) => boolean) {
  const ids: string[] = []
  let cursor: string | undefined
  for (;;) {
    const page = paginate(collection, { limit, cursor }, { where, orderBy: 'at' })
    ids.push(...page.data.map((row) => row.id))
    if (!page.nextCursor) return ids
    cursor = page.nextCursor
  }
}

describe('paginate', () => {
  it('pages a filtered list newest first, ending with a null cursor', async () => {
    const collection = await rows(40, (i) => (i % 7 === 0 ? 'rare' : 'common'))
    const rare = (row: Row) => row.group === 'rare'
    for (const limit of [1, 2, 3, 6, 50]) {
      expect(allPages(collection, limit, rare)).toEqual(['r35', 'r28', 'r21', 'r14', 'r7', 'r0'])
    }
    expect(paginate(collection, { limit: 6 }, { where: rare, orderBy: 'at' }).nextCursor).toBeNull()
  })

  it('orders by the timestamp, not by insertion, and ties newest inserted first', async () => {
    // inserted out of order, r1 and r2 at the same instant
    const collection = await rows(
      4,
      () => 'a',
      (i) => [3, 1, 1, 2][i]!,
    )
    for (const limit of [1, 2, 4]) expect(allPages(collection, limit)).toEqual(['r0', 'r3', 'r2', 'r1'])
  })

  it('stays stable when records are added between pages', async () => {
    const collection = await rows(5, () => 'a')
    const first = paginate(collection, { limit: 2 }, { orderBy: 'at' })
    await collection.create({ id: 'later', at: at(99), group: 'a' })
    await collection.create({ id: 'tie', at: at(3), group: 'a' })
    const rest: PageRequest = { limit: 10, cursor: first.nextCursor! }
    expect(paginate(collection, rest, { orderBy: 'at' }).data.map((row) => row.id)).toEqual([
      'r2',
      'r1',
      'r0',
    ])
  })

  it("resumes after the cursor's timestamp when its record is gone, or no longer matches", async () => {
    const collection = await rows(
      5,
      () => 'a',
      (i) => [0, 1, 1, 2, 3][i]!,
    )
    const first = paginate(collection, { limit: 3 }, { orderBy: 'at' })
    expect(first.data.map((row) => row.id)).toEqual(['r4', 'r3', 'r2'])
    const next: PageRequest = { limit: 10, cursor: first.nextCursor! }
    const unmatched = paginate(collection, next, { where: (row) => row.id !== 'r2', orderBy: 'at' })
    expect(unmatched.data.map((row) => row.id)).toEqual(['r1', 'r0'])
    collection.delete(collection.findById('r2')!)
    expect(paginate(collection, next, { orderBy: 'at' }).data.map((row) => row.id)).toEqual(['r0'])
  })

  it('lists in insertion order, newest first, without a timestamp', async () => {
    const collection = await rows(
      3,
      () => 'a',
      (i) => 3 - i,
    )
    expect(paginate(collection, { limit: 5 }).data.map((row) => row.id)).toEqual(['r2', 'r1', 'r0'])
  })

  it('answers an empty page for a filter known to be empty, after checking the cursor', async () => {
    const collection = await rows(5, () => 'a')
    expect(paginate(collection, { limit: 5 }, { empty: true })).toEqual({ data: [], nextCursor: null })
    expect(() => paginate(collection, { limit: 5, cursor: 'nope' }, { empty: true })).toThrow(/malformed/)
  })

  it('applies the view to each record shown', async () => {
    const collection = await rows(3, () => 'a')
    const page = paginate(collection, { limit: 2 }, { orderBy: 'at', view: (row) => row.id })
    expect(page.data).toEqual(['r2', 'r1'])
    expect(page.nextCursor).not.toBeNull()
  })
})
