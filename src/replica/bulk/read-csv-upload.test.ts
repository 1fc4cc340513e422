import { expect, it } from 'vitest'
import { readCsvUpload } from './read-csv-upload.js'

/** 64 KiB: how much of an upload the CSV parser takes at a time. */
const SLICE = 64 * 1024

it('parses a body that arrives as one chunk a slice at a time, letting other work run between slices', async () => {
  // in-process a body is one chunk; short rows, so parsing is what takes the time
  const names = Array.from({ length: 80_000 }, (_, i) => `Account ${String(i).padStart(6, '0')}`)
  const bytes = new TextEncoder().encode(`Name\n${names.join('\n')}\n`)
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
  // other work: a chain of immediates, each one turn of the event loop
  let turns = 0
  let reading = true
  const turn = () => {
    if (!reading) return
    turns++
    setImmediate(turn)
  }
  setImmediate(turn)
  // the header is bound as the first slice is parsed: count the turns from there to the end
  let turnsAtHeader = -1
  const read = await readCsvUpload(body, { columnDelimiter: 'COMMA', lineEnding: 'LF' }, () => {
    turnsAtHeader = turns
    return []
  })
  reading = false
  expect(turnsAtHeader).toBeGreaterThanOrEqual(0)
  expect(turns - turnsAtHeader).toBeGreaterThanOrEqual(Math.ceil(bytes.byteLength / SLICE) - 1)
  expect(read.header).toEqual(['Name'])
  expect([...read.rows].map(([name]) => name)).toEqual(names)
})
