import { expect, it } from 'vitest'
import type { SchemaLoadProgress } from '../schemas/schema-load-report.js'
import { progressLine, progressText } from './schema-progress.js'

const step = (done: number, elapsedMs: number, total = 1000): SchemaLoadProgress => ({
  phase: 'read',
  source: 'force-app',
  done,
  total,
  elapsedMs,
})

function terminal(columns = 200) {
  const written: string[] = []
  return { stream: { isTTY: true, columns, write: (text: string) => written.push(text) }, written }
}

it('draws nothing when the stream is not a terminal', () => {
  expect(progressLine({ isTTY: false, write: () => {} })).toBeUndefined()
  expect(progressLine({ write: () => {} })).toBeUndefined()
})

it('rewrites one line in place, after the delay, at most once an interval, the last step always', () => {
  const { stream, written } = terminal()
  let clock = 0
  const line = progressLine(stream, { delayMs: 300, intervalMs: 100, now: () => clock })!
  line.update(step(10, 299))
  expect(written).toEqual([])
  line.update(step(11, 300))
  clock = 50
  line.update(step(12, 350))
  clock = 100
  line.update(step(13, 400))
  clock = 120
  line.update(step(1000, 420))
  expect(written).toEqual([
    `\r\x1b[2K${progressText(step(11, 300))}`,
    `\r\x1b[2K${progressText(step(13, 400))}`,
    `\r\x1b[2K${progressText(step(1000, 420))}`,
  ])
  line.clear()
  expect(written.at(-1)).toBe('\r\x1b[2K')
  line.clear()
  expect(written).toHaveLength(4)
})

it('never erases a line it did not draw', () => {
  const { stream, written } = terminal()
  const line = progressLine(stream)!
  line.update(step(1, 10))
  line.clear()
  expect(written).toEqual([])
})

it('says the phase, the count and the time, cut to the terminal width', () => {
  expect(progressText(step(1204, 2100, 3000))).toBe(
    'replica-mock: loading org schema: reading force-app 1,204/3,000 objects (2.1 s)',
  )
  expect(progressText({ ...step(32, 500, 120), phase: 'check' })).toBe(
    'replica-mock: loading org schema: checking the merged schema: 32/120 objects (0.5 s)',
  )
  const { stream, written } = terminal(20)
  progressLine(stream, { delayMs: 0 })!.update(step(1, 0))
  expect(written[0]).toBe('\r\x1b[2Kreplica-mock: load…')
})
