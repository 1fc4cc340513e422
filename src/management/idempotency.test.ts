import { describe, expect, it } from 'vitest'
import { canonicalJson, fingerprintOf, idempotencyRecordId } from './idempotency.js'

describe('canonicalJson', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}')
  })

  it('drops undefined properties and writes undefined array items as null', () => {
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}')
    expect(canonicalJson(undefined)).toBe('null')
  })
})

describe('fingerprintOf', () => {
  it('returns the same hash for the same method, path and body in any key order', () => {
    const a = fingerprintOf({ method: 'post', path: '/v1/environments', body: { x: 1, y: 2 } })
    const b = fingerprintOf({ method: 'POST', path: '/v1/environments', body: { y: 2, x: 1 } })
    expect(a).toBe(b)
    expect(a).toMatch(/^[0-9a-f]{64}$/)
  })

  it('returns another hash when the path or body differs', () => {
    const base = { method: 'POST', path: '/v1/environments/e1/pause', body: null }
    expect(fingerprintOf(base)).not.toBe(fingerprintOf({ ...base, path: '/v1/environments/e2/pause' }))
    expect(fingerprintOf(base)).not.toBe(fingerprintOf({ ...base, body: {} }))
  })
})

describe('idempotencyRecordId', () => {
  it('separates principals and operations', () => {
    const key = idempotencyRecordId({ type: 'api_key', id: 'k', name: 'K' }, 'createEnvironment', 'abc')
    expect(key).not.toBe(
      idempotencyRecordId({ type: 'member', id: 'k', name: 'K' }, 'createEnvironment', 'abc'),
    )
    expect(key).not.toBe(
      idempotencyRecordId({ type: 'api_key', id: 'k', name: 'K' }, 'createSnapshot', 'abc'),
    )
  })
})
