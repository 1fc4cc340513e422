/**
 * @module
 * Id makers. Ids are random (so they never collide across resets or imported state) and
 * always match the spec's ID pattern `^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`.
 */
import { randomInt } from 'node:crypto'

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz'

/** `length` random characters of [0-9a-z], each equally likely. */
export function randomBase36(length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)]
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
  // a recorded gateway call: `req_` + 16 [0-9a-z] (the Request.id pattern, docs/gateway.md#recorded-calls)
  request: 'req_',
  // the id of one management API call, echoed in `x-request-id` and error bodies
  requestId: 'rid_',
  token: 'tok_',
  version: 'ver_',
}

export function makeId(kind: IdKind): string {
  return PREFIX[kind] + randomBase36(kind === 'token' ? 32 : 16)
}
