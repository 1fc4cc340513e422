import { expect, it } from 'vitest'
import { Id, RequestId } from '../schemas/index.js'
import { makeId, randomBase36 } from './ids.js'

it('makes recorded-call ids of req_ plus 16 base-36 characters', () => {
  for (let i = 0; i < 200; i++) expect(RequestId.parse(makeId('request'))).toMatch(/^req_[0-9a-z]{16}$/)
})

it('makes ids that match the spec ID pattern for every kind', () => {
  for (const kind of [
    'environment',
    'snapshot',
    'workspace',
    'audit',
    'requestId',
    'token',
    'version',
  ] as const) {
    expect(Id.safeParse(makeId(kind)).success).toBe(true)
  }
})

it('makes distinct ids', () => {
  const ids = new Set(Array.from({ length: 5000 }, () => makeId('environment')))
  expect(ids.size).toBe(5000)
})

it('returns exactly the requested number of characters', () => {
  expect(randomBase36(1)).toHaveLength(1)
  expect(randomBase36(300)).toMatch(/^[0-9a-z]{300}$/)
})
