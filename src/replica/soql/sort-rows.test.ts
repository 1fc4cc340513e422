import { describe, expect, it } from 'vitest'
import type { ExecContext, SortSpec } from './compile/compiled-query.js'
import { QueryBudget } from './query-budget.js'
import { sortRows } from './sort-rows.js'

type Row = { n: number; a: string | null; b: number | null }

function randomRows(count: number, seed: number): Row[] {
  let state = seed
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
  // few distinct values and some nulls, so ties and null placement matter
  return Array.from({ length: count }, (_, n) => ({
    n,
    a: next() < 0.1 ? null : `v${Math.floor(next() * 20)}`,
    b: next() < 0.1 ? null : Math.floor(next() * 7),
  }))
}

const byA = (desc: boolean, nullsFirst: boolean): SortSpec<Row> => ({ key: (row) => row.a, desc, nullsFirst })
const byB = (desc: boolean, nullsFirst: boolean): SortSpec<Row> => ({ key: (row) => row.b, desc, nullsFirst })

/** What ORDER BY means, written plainly: a stable sort of the rows by each key in turn. */
function reference(rows: Row[], specs: SortSpec<Row>[]): Row[] {
  return [...rows].sort((x, y) => {
    for (const spec of specs) {
      const p = spec.key(x, context()) as string | number | null
      const q = spec.key(y, context()) as string | number | null
      if (p === q) continue
      if (p === null) return spec.nullsFirst ? -1 : 1
      if (q === null) return spec.nullsFirst ? 1 : -1
      return (p < q ? -1 : 1) * (spec.desc ? -1 : 1)
    }
    return 0
  })
}

function context(budget = new QueryBudget({ maxRows: Number.POSITIVE_INFINITY, timeoutMs: 0 })): ExecContext {
  return { budget } as ExecContext
}

describe('sortRows', () => {
  const rows = randomRows(1000, 7)
  const orders: [string, SortSpec<Row>[]][] = [
    ['a', [byA(false, false)]],
    ['a DESC NULLS FIRST', [byA(true, true)]],
    ['b NULLS FIRST, a DESC', [byB(false, true), byA(true, false)]],
    ['b DESC, a', [byB(true, false), byA(false, false)]],
  ]

  it.each(orders)('orders every row as a stable sort does (ORDER BY %s)', (_, specs) => {
    expect(sortRows(rows, specs, context()).map((row) => row.n)).toEqual(
      reference(rows, specs).map((row) => row.n),
    )
  })

  // below a quarter of the rows the first ones are picked (quickselect), above it all are sorted
  it.each(orders)('gives the first rows of that order for any LIMIT (ORDER BY %s)', (_, specs) => {
    const expected = reference(rows, specs).map((row) => row.n)
    for (const take of [0, 1, 2, 3, 17, 100, 249, 250, 251, 999, 1000, 5000]) {
      expect(sortRows(rows, specs, context(), take).map((row) => row.n)).toEqual(expected.slice(0, take))
    }
  })

  it('looks at the query clock while it reads the keys and while it sorts, not only after', () => {
    const rows = randomRows(50_000, 3)
    let keysRead = 0
    let looksReadingKeys = 0
    let looksSorting = 0
    const now = () => {
      if (keysRead < rows.length) looksReadingKeys++
      else looksSorting++
      return 0
    }
    const budget = new QueryBudget({ maxRows: Number.POSITIVE_INFINITY, timeoutMs: 100 }, now)
    const key = (row: Row) => {
      keysRead++
      return row.b
    }
    sortRows(rows, [{ key, desc: false, nullsFirst: false }], context(budget))
    expect(looksReadingKeys).toBeGreaterThan(10)
    // one look once the keys are read and one at the end; the rest came between comparisons
    expect(looksSorting).toBeGreaterThan(10)
  })

  it('fails with QUERY_TIMEOUT once the clock passes the bound, when picking the first rows too', () => {
    let now = 0
    const budget = new QueryBudget({ maxRows: Number.POSITIVE_INFINITY, timeoutMs: 100 }, () => now)
    const specs: SortSpec<Row>[] = [
      {
        // the bound passes while the key column is read
        key: (row) => {
          if (row.n === 10) now = 101
          return row.b
        },
        desc: false,
        nullsFirst: false,
      },
    ]
    expect(() => sortRows(randomRows(5_000, 5), specs, context(budget), 10)).toThrow(
      expect.objectContaining({ code: 'QUERY_TIMEOUT' }),
    )
  })
})
