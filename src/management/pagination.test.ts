import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { IndexedCollection } from '../store/indexed-collection.js'
import { pageOf } from './pagination.js'

const Row = z.strictObject({ id: z.string(), at: z.string(), group: z.string() })
type Row = z.infer<typeof Row>

async function rows(count: number, group: (i: number) => string) {
  const collection = new IndexedCollection({
    name: 'rows',
    schema: Row,
    indexes: ['group'],
    orderKey: (row) => row.at,
  })
  for (let i = 0; i < count; i++) {
    await collection.insert({
      id: `r${i}`,
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      group: group(i),
    })
  }
  return collection
}

function allPages(collection: IndexedCollection<Row>, limit: number, group: string, withCandidates: boolean) {
  const ids: string[] = []
  let cursor: string | undefined
  for (;;) {
    const page = pageOf(
      collection,
      { limit, cursor },
      {
        filter: (row) => row.group === group,
        candidates: withCandidates ? collection.findBy('group', group) : undefined,
        orderKey: (row) => row.at,
      },
    )
    ids.push(...page.data.map((row) => row.id))
    if (!page.nextCursor) return ids
    cursor = page.nextCursor
  }
}

describe('pageOf', () => {
  it('returns the same pages with and without candidates', async () => {
    const collection = await rows(40, (i) => (i % 7 === 0 ? 'rare' : 'common'))
    for (const limit of [1, 2, 3, 50]) {
      expect(allPages(collection, limit, 'rare', true)).toEqual(allPages(collection, limit, 'rare', false))
    }
    expect(allPages(collection, 3, 'rare', true)).toEqual(['r35', 'r28', 'r21', 'r14', 'r7', 'r0'])
  })

  it('ends with a null cursor when the last candidate fills the page exactly', async () => {
    const collection = await rows(10, (i) => (i >= 8 ? 'new' : 'old'))
    const page = pageOf(
      collection,
      { limit: 2 },
      {
        filter: (row) => row.group === 'new',
        candidates: collection.findBy('group', 'new'),
        orderKey: (row) => row.at,
      },
    )
    expect(page).toEqual({
      data: [expect.objectContaining({ id: 'r9' }), expect.objectContaining({ id: 'r8' })],
      nextCursor: null,
    })
  })

  it('answers an empty page for no candidates or a filter known to be empty', async () => {
    const collection = await rows(5, () => 'a')
    expect(pageOf(collection, { limit: 5 }, { filter: () => true, candidates: [] })).toEqual({
      data: [],
      nextCursor: null,
    })
    expect(pageOf(collection, { limit: 5 }, { filter: () => true, empty: true })).toEqual({
      data: [],
      nextCursor: null,
    })
  })

  it('applies the view to each record', async () => {
    const collection = await rows(3, () => 'a')
    const page = pageOf(collection, { limit: 2 }, { filter: () => true, view: (row) => row.id })
    expect(page.data).toEqual(['r2', 'r1'])
    expect(page.nextCursor).not.toBeNull()
  })
})
