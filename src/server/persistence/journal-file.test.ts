import { expect, it } from 'vitest'
import { encodeEntry, readJournal } from './journal-file.js'

const two = Buffer.concat([encodeEntry({ n: 1 }), encodeEntry({ n: 2, text: 'é' })])

it('reads back every whole entry in order', () => {
  expect(readJournal(two)).toEqual({
    entries: [{ n: 1 }, { n: 2, text: 'é' }],
    goodBytes: two.length,
    droppedBytes: 0,
  })
})

it('drops a torn tail at every cut, keeping the entries before it', () => {
  const first = encodeEntry({ n: 1 }).length
  for (let cut = first + 1; cut < two.length; cut++) {
    expect(readJournal(two.subarray(0, cut))).toEqual({
      entries: [{ n: 1 }],
      goodBytes: first,
      droppedBytes: cut - first,
    })
  }
})

it('drops an entry whose checksum does not match, and everything after it', () => {
  const corrupt = Buffer.concat([two, encodeEntry({ n: 3 })])
  const first = encodeEntry({ n: 1 }).length
  corrupt.writeUInt8(corrupt.readUInt8(first + 10) ^ 0x01, first + 10) // a bit of the second entry's payload
  const read = readJournal(corrupt)
  expect(read.entries).toEqual([{ n: 1 }])
  expect(read.goodBytes).toBe(first)
})

it('treats a tail of zeros (blocks allocated, never written) as torn', () => {
  const read = readJournal(Buffer.concat([two, Buffer.alloc(64)]))
  expect(read.entries).toHaveLength(2)
  expect(read.droppedBytes).toBe(64)
})
