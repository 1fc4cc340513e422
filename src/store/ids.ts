/**
 * @module
 * Id makers. Ids are random (so they never collide across resets or imported state) and
 * always match the spec's ID pattern `^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`.
 */
import { randomFillSync } from 'node:crypto'

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz'

// A pool of random bytes refilled in 4 KiB blocks: one randomBytes() call per id cost ~4% of a
// request's server time. It holds no state anyone can observe, so mocks still share nothing.
const pool = new Uint8Array(4096)
let poolAt = pool.length

function randomByte(): number {
  if (poolAt === pool.length) {
    randomFillSync(pool)
    poolAt = 0
  }
  return pool[poolAt++]!
}

/** `length` random characters of [0-9a-z]. */
export function randomBase36(length: number): string {
  let out = ''
  while (out.length < length) {
    const byte = randomByte()
    // 252 = 7 * 36: rejecting bytes >= 252 keeps every character equally likely
    if (byte < 252) out += ALPHABET[byte % 36]
  }
  return out
}

export type IdKind =
  | 'environment'
  | 'snapshot'
  | 'workspace'
  | 'audit'
  | 'request'
  | 'requestId'
  | 'token'
  | 'version'

const PREFIX: Record<IdKind, string> = {
  environment: 'env_',
  snapshot: 'snap_',
  workspace: 'ws_',
  audit: 'evt_',
  // a recorded gateway call: `req_` + 16 [0-9a-z] (spec, Request.id)
  request: 'req_',
  // the id of one management API call, echoed in `x-request-id` and error bodies
  requestId: 'rid_',
  token: 'tok_',
  version: 'ver_',
}

export function makeId(kind: IdKind): string {
  return PREFIX[kind] + randomBase36(kind === 'token' ? 32 : 16)
}
