import { expect, it } from 'vitest'
import type { QueryRows } from './bulk-job.js'
import { pageEnd } from './query-results.js'

/** `count` rows of one cell, `cell` in each. */
function rowsOf(count: number, cell: string): QueryRows {
  return { columns: ['Name'], length: count, cell: () => cell }
}

it('returns the end of a page of at most maxRecords rows', () => {
  const result = rowsOf(10, 'x'.repeat(5))
  expect(pageEnd(result, 0, 3)).toBe(3)
  expect(pageEnd(result, 9, 3)).toBe(10)
  expect(pageEnd(result, 10, 3)).toBe(10)
})

it('ends a page before its CSV could pass the response cap, keeping at least one row', () => {
  // each row: 1 MiB of text, quoted, plus its line ending (1 MiB + 3 bytes), after a 7-byte
  // header: three rows fit under MAX_PAGE_BYTES (4 MiB), a fourth would pass it
  expect(pageEnd(rowsOf(10, 'x'.repeat(1024 * 1024)), 0, 50_000)).toBe(3)
  expect(pageEnd(rowsOf(2, 'x'.repeat(5 * 1024 * 1024)), 0, 10)).toBe(1)
})

it('counts doubled quotes and multi-byte characters in the bound', () => {
  expect(pageEnd(rowsOf(4, '"'.repeat(1024 * 1024)), 0, 10)).toBe(1)
  expect(pageEnd(rowsOf(4, 'é'.repeat(1024 * 1024)), 0, 10)).toBe(1)
})
