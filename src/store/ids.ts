/**
 * @module
 * Id makers. Ids are random (so they never collide across resets or imported state) and
 * always match the spec's ID pattern `^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`.
 */
import { randomBytes } from 'node:crypto'

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz'

/** `length` random characters of [0-9a-z]. */
export function randomBase36(length: number): string {
  const bytes = randomBytes(length)
  let out = ''
  // 252 = 7 * 36: rejecting bytes >= 252 keeps every character equally likely
  for (let i = 0; out.length < length; i++) {
    if (i >= bytes.length) return out + randomBase36(length - out.length)
    const byte = bytes[i]!
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
