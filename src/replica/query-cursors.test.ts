import { expect, it } from 'vitest'
import { createQueryCursors } from './query-cursors.js'

function setup(maxOpen?: number) {
  let now = 0
  const clock = { now: () => new Date(now), advance: (ms: number) => (now += ms) }
  return { cursors: createQueryCursors({ clock, maxOpen }), clock }
}

const failure = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error as { code: string; message: string }
  }
  throw new Error('expected a failure')
}

it('opens cursors with locator ids and gives their rows back to their owner', () => {
  const { cursors } = setup()
  const first = cursors.open([1, 2, 3], 'admin')
  const second = cursors.open(['a'], 'admin')
  expect(first).toMatch(/^01g[0-9A-Za-z]{15}$/)
  expect(second).not.toBe(first)
  expect(cursors.rows(first, 'admin')).toEqual([1, 2, 3])
})

it('errors with INVALID_QUERY_LOCATOR for an unknown locator or another owner', () => {
  const { cursors } = setup()
  const id = cursors.open([1], 'admin')
  expect(failure(() => cursors.rows('01gRm0000000099IAA', 'admin'))).toMatchObject({
    code: 'INVALID_QUERY_LOCATOR',
    message: 'invalid query locator',
  })
  expect(failure(() => cursors.rows(id, 'integration')).code).toBe('INVALID_QUERY_LOCATOR')
  expect(cursors.rows(id, 'admin')).toEqual([1])
})

it('expires a cursor unused for more than 15 minutes; each use restarts the wait', () => {
  const { cursors, clock } = setup()
  const id = cursors.open([1], 'admin')
  clock.advance(15 * 60_000)
  expect(cursors.rows(id, 'admin')).toEqual([1])
  clock.advance(15 * 60_000 + 1)
  expect(failure(() => cursors.rows(id, 'admin')).code).toBe('INVALID_QUERY_LOCATOR')
  expect(cursors.size).toBe(0)
})

it('closes the least recently used cursor beyond the bound', () => {
  const { cursors } = setup(2)
  const first = cursors.open([1], 'admin')
  const second = cursors.open([2], 'admin')
  cursors.rows(first, 'admin')
  const third = cursors.open([3], 'admin')
  expect(cursors.size).toBe(2)
  expect(failure(() => cursors.rows(second, 'admin')).code).toBe('INVALID_QUERY_LOCATOR')
  expect(cursors.rows(first, 'admin')).toEqual([1])
  expect(cursors.rows(third, 'admin')).toEqual([3])
})
