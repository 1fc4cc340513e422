/**
 * @module
 * The journal's framing: each entry is `[payload length, u32 BE][checksum, u32 BE][payload]`,
 * the payload UTF-8 JSON and the checksum the first 4 bytes of its SHA-256 (in every Node >= 20,
 * unlike `zlib.crc32`). A crash can leave the last entry half written (or a tail of zeros where
 * the file system had allocated blocks): `readJournal` keeps every whole entry before the first
 * one whose length, checksum or JSON does not hold, and says where the good part ends.
 */
import { createHash } from 'node:crypto'

const HEADER_BYTES = 8

function checksum(payload: Buffer): number {
  return createHash('sha256').update(payload).digest().readUInt32BE(0)
}

/** One entry, framed, ready to append. */
export function encodeEntry(value: unknown): Buffer {
  const payload = Buffer.from(JSON.stringify(value), 'utf8')
  const header = Buffer.allocUnsafe(HEADER_BYTES)
  header.writeUInt32BE(payload.length, 0)
  header.writeUInt32BE(checksum(payload), 4)
  return Buffer.concat([header, payload])
}

export interface JournalContent {
  /** The whole entries, in order. */
  entries: unknown[]
  /** Bytes of whole entries: where the next entry goes (the file is cut here). */
  goodBytes: number
  /** Bytes past `goodBytes` that were dropped (a torn or corrupt tail); 0 when none. */
  droppedBytes: number
}

/** The whole entries of a journal's bytes, up to the first that is torn or corrupt. */
export function readJournal(bytes: Buffer): JournalContent {
  const entries: unknown[] = []
  let at = 0
  while (at < bytes.length) {
    const entry = entryAt(bytes, at)
    if (!entry) break
    entries.push(entry.value)
    at = entry.end
  }
  return { entries, goodBytes: at, droppedBytes: bytes.length - at }
}

function entryAt(bytes: Buffer, at: number): { value: unknown; end: number } | undefined {
  if (bytes.length - at < HEADER_BYTES) return undefined
  const length = bytes.readUInt32BE(at)
  const end = at + HEADER_BYTES + length
  if (length === 0 || end > bytes.length) return undefined
  const payload = bytes.subarray(at + HEADER_BYTES, end)
  if (checksum(payload) !== bytes.readUInt32BE(at + 4)) return undefined
  try {
    return { value: JSON.parse(payload.toString('utf8')), end }
  } catch {
    return undefined
  }
}
