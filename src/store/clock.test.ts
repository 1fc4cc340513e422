import { expect, it } from 'vitest'
import { createClock } from './clock.js'

it('returns real time plus the advanced offset in real mode', () => {
  let real = 1_000
  const clock = createClock('real', () => real)
  clock.advance(500)
  real = 2_000
  expect(clock.nowMs()).toBe(2_500)
})

it('stands still in manual mode until advanced', () => {
  let real = 1_000
  const clock = createClock('manual', () => real)
  real = 9_000
  expect(clock.nowMs()).toBe(1_000)
  clock.advance(250)
  expect(clock.now().toISOString()).toBe(new Date(1_250).toISOString())
})

it('keeps the current instant when switching modes', () => {
  let real = 1_000
  const clock = createClock('real', () => real)
  clock.freeze()
  real = 5_000
  expect(clock.nowMs()).toBe(1_000)
  clock.setMode('real')
  real = 5_100
  expect(clock.nowMs()).toBe(1_100)
})

it('sets an absolute time in either mode', () => {
  const clock = createClock('manual')
  clock.set('2030-01-01T00:00:00.000Z')
  expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z')
})

it('errors on a negative advance or an invalid date', () => {
  const clock = createClock('manual')
  expect(() => clock.advance(-1)).toThrow(/Failed to advance clock/)
  expect(() => clock.set('not a date')).toThrow(/Failed to set clock/)
})
