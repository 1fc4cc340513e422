import { expect, it } from 'vitest'
import { RowTable } from './row-table.js'

it('returns the rows it was given, across blocks and the open one', () => {
  const table = new RowTable(3)
  const rows = Array.from({ length: 2500 }, (_, n) => [`a${n}`, '', `é "${n}"\nx`])
  for (const row of rows) table.push(row)
  expect(table.length).toBe(2500)
  expect(table.row(0)).toEqual(rows[0])
  expect(table.row(1023)).toEqual(rows[1023])
  expect(table.row(1024)).toEqual(rows[1024])
  expect(table.row(2499)).toEqual(rows[2499])
  expect([...table]).toEqual(rows)
})

it('appends another table and errors on a row of another width or out of range', () => {
  const table = new RowTable(1)
  table.push(['one'])
  const other = new RowTable(1)
  other.push(['two'])
  table.append(other)
  expect([...table]).toEqual([['one'], ['two']])
  expect(() => table.push(['a', 'b'])).toThrow(/2 cells, expected 1/)
  expect(() => table.row(2)).toThrow(RangeError)
})
