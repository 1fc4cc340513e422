import { expect, it } from 'vitest'
import { crmSchemaInput } from '../../fixtures/crm/index.js'
import { createMetadataService } from '../metadata/metadata-service.js'
import type { QueryResult } from './bulk-job.js'
import { MAX_NATIVE_BODY_BYTES } from '../native-call.js'
import { writePage } from './query-results.js'

const name = createMetadataService(crmSchemaInput).findField('Account', 'Name')!
const LF = { columnDelimiter: 'COMMA', lineEnding: 'LF' } as const

/** `count` rows of one cell, `cell` in each. */
function rowsOf(count: number, cell: string): QueryResult {
  return { columns: ['Name'], fields: [name], rows: Array.from({ length: count }, () => [cell]) }
}

it('writes the header and at most maxRecords rows from the start, and says where it ended', () => {
  const result = rowsOf(10, 'x'.repeat(5))
  expect(writePage(result, 0, 3, LF)).toEqual({ text: `"Name"\n${'"xxxxx"\n'.repeat(3)}`, end: 3 })
  expect(writePage(result, 9, 3, LF).end).toBe(10)
  expect(writePage(result, 10, 3, LF)).toEqual({ text: '"Name"\n', end: 10 })
})

it('ends a page before its CSV would pass the response cap, keeping at least one row', () => {
  // each row: 1 MiB of text, quoted, plus its line ending, after a 7-byte header: three rows fit
  // under MAX_NATIVE_BODY_BYTES (4 MiB), a fourth would pass it
  const page = writePage(rowsOf(10, 'x'.repeat(1024 * 1024)), 0, 50_000, LF)
  expect(page.end).toBe(3)
  expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(MAX_NATIVE_BODY_BYTES)
  expect(writePage(rowsOf(2, 'x'.repeat(5 * 1024 * 1024)), 0, 10, LF).end).toBe(1)
})

it('fills a page up to the cap exactly', () => {
  // header 7 bytes; rows of 1,000 bytes with quotes and LF: as many as fit in the rest
  const result = rowsOf(10_000, 'x'.repeat(997))
  const page = writePage(result, 0, 50_000, LF)
  expect(page.end).toBe(Math.floor((MAX_NATIVE_BODY_BYTES - 7) / 1000))
  expect(writePage(result, page.end, 50_000, LF).end).toBe(2 * page.end)
})

it('counts doubled quotes and multi-byte characters', () => {
  expect(writePage(rowsOf(4, '"'.repeat(1024 * 1024)), 0, 10, LF).end).toBe(1)
  expect(writePage(rowsOf(4, 'é'.repeat(1024 * 1024)), 0, 10, LF).end).toBe(1)
})
