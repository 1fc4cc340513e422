/**
 * @module
 * ORDER BY: rows in order (a stable order: equal keys keep their scan order), or only the first
 * `take` of them when LIMIT (and OFFSET) leave no use for the rest.
 * - Keys sit in one array per ORDER BY item and the sort moves row numbers: no object per row (at
 *   100k rows the allocations, not the comparisons, were most of the time).
 * - The first `take` of many rows are picked first (quickselect) and only those are sorted:
 *   `ORDER BY Name LIMIT 1` over 100k Accounts no longer sorts 100k rows.
 * - A sort holds the event loop in one call, so the comparator looks at the query's clock every
 *   few thousand comparisons (and the keys every thousand rows): a sort that runs past
 *   `queryTimeoutMs` fails with `QUERY_TIMEOUT` then, not when it ends.
 */
import type { ExecContext, SortSpec } from './compile/compiled-query.js'
import { compareKeys } from './values.js'

/** Comparisons between two looks at the query's clock. */
const CHECK_EVERY = 4096

/** Below this share of the rows, picking the first `take` costs less than sorting them all. */
const PICK_BELOW = 1 / 4

/**
 * The first `take` rows (all by default) in the order of `specs`.
 * @throws ReplicaError `QUERY_TIMEOUT` once the query's budget runs out
 */
export function sortRows<T>(rows: T[], specs: SortSpec<T>[], exec: ExecContext, take = rows.length): T[] {
  const { budget } = exec
  budget.spend(rows.length)
  const count = Math.max(0, Math.min(take, rows.length))
  const keys = specs.map((spec) => {
    const column = rows.map((row) => {
      // a key may lowercase a long text: 100k of them take tens of ms
      budget.pulse()
      return spec.key(row, exec)
    })
    budget.check()
    return column
  })
  let compared = 0
  const compare = (a: number, b: number): number => {
    if (++compared === CHECK_EVERY) {
      compared = 0
      budget.check()
    }
    for (let i = 0; i < specs.length; i++) {
      const spec = specs[i]!
      const x = keys[i]![a]!
      const y = keys[i]![b]!
      if (x === y) continue
      if (x === null) return spec.nullsFirst ? -1 : 1
      if (y === null) return spec.nullsFirst ? 1 : -1
      const ordered = compareKeys(x, y)
      if (ordered !== 0) return spec.desc ? -ordered : ordered
    }
    // row numbers break ties: a total order, so picking and sorting agree with a stable sort
    return a - b
  }
  let order = Uint32Array.from(rows.keys())
  if (count < rows.length * PICK_BELOW) {
    moveFirstToFront(order, count, compare)
    order = order.subarray(0, count)
  }
  order.sort(compare)
  budget.check()
  return Array.from(order.subarray(0, count), (row) => rows[row]!)
}

/**
 * Moves the `take` row numbers that come first under `compare` to the front of `order`
 * (unordered), by quickselect: each round partitions the rows still in question around one of
 * them picked at random, and keeps only the side the `take`-th row is on (~3n comparisons
 * whatever the rows' order; a heap of the best so far took n log take on rows in reverse order).
 */
function moveFirstToFront(order: Uint32Array, take: number, compare: (a: number, b: number) => number): void {
  if (take === 0) return
  let low = 0
  let high = order.length - 1
  let seed = 0x9e3779b9
  const target = take - 1
  while (low < high) {
    seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0
    swap(order, low + (seed % (high - low + 1)), high)
    const pivot = order[high]!
    let at = low
    for (let i = low; i < high; i++) {
      if (compare(order[i]!, pivot) < 0) swap(order, i, at++)
    }
    swap(order, at, high)
    if (at === target) return
    if (at > target) high = at - 1
    else low = at + 1
  }
}

function swap(order: Uint32Array, i: number, j: number): void {
  const row = order[i]!
  order[i] = order[j]!
  order[j] = row
}
