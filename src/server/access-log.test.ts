import { Writable } from 'node:stream'
import { expect, it, vi } from 'vitest'
import { BATCH_MS, createAccessLog } from './access-log.js'

/**
 * A stream whose reader takes nothing until `release()`, like a pipe nobody reads; `received` is
 * what reached the reader. Its high-water mark is small, as a pipe's is beside the log's bound.
 */
function stalledStream() {
  let received = ''
  let held: (() => void) | undefined
  let flowing = false
  const stream = new Writable({
    decodeStrings: false,
    highWaterMark: 8,
    write(chunk, _encoding, callback) {
      received += String(chunk)
      if (flowing) callback()
      else held = callback
    },
  })
  const release = () => {
    flowing = true
    held?.()
  }
  return { stream, received: () => received, release }
}

function collectingStream() {
  let text = ''
  let writes = 0
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      text += String(chunk)
      writes++
      callback()
    },
  })
  return { stream, text: () => text, writes: () => writes }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))
/** Past the batch of lines written before it (timers of one delay fire in the order they were set). */
const afterBatch = () => new Promise((resolve) => setTimeout(resolve, BATCH_MS))
const entry = { method: 'GET', path: '/v1/me', status: 200, ms: 0.41234 }

it('gathers the lines of several turns for BATCH_MS and writes them as one write', async () => {
  // the batch's timer is faked (turns are real): a stalled machine cannot end the batch early
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  try {
    const { stream, text, writes } = collectingStream()
    const log = createAccessLog({ stream })
    log.write(entry)
    await nextTurn()
    log.write({ ...entry, path: '/v1/workspaces', status: 404, ms: 12 })
    await nextTurn()
    vi.advanceTimersByTime(BATCH_MS - 1)
    expect(text()).toBe('')
    vi.advanceTimersByTime(1)
    expect(text()).toBe('GET /v1/me 200 0.412ms\nGET /v1/workspaces 404 12.000ms\n')
    expect(writes()).toBe(1)
  } finally {
    vi.useRealTimers()
  }
})

it('writes at once, without waiting out the batch, once 16 KiB of lines are held', async () => {
  const { stream, text, writes } = collectingStream()
  const log = createAccessLog({ stream })
  const line = 'GET /v1/me 200 0.412ms\n'
  // 713 lines of 23 bytes hold 16,399 bytes: the 713th reaches 16 KiB (16,384)
  for (let i = 0; i < 712; i++) log.write(entry)
  expect(writes()).toBe(0)
  log.write(entry)
  expect(writes()).toBe(1)
  expect(text()).toBe(line.repeat(713))
  log.write(entry)
  await afterBatch()
  expect(writes()).toBe(2)
  expect(text()).toBe(line.repeat(714))
})

it('names environment and app of native calls, in text and json', async () => {
  const native = { ...entry, path: '/services/data', environmentId: 'env_1', app: 'crm' }
  const text = collectingStream()
  createAccessLog({ stream: text.stream }).write(native)
  const json = collectingStream()
  createAccessLog({ stream: json.stream, format: 'json' }).write(native)
  await afterBatch()
  expect(text.text()).toBe('GET /services/data 200 0.412ms env=env_1 app=crm\n')
  expect(JSON.parse(json.text())).toEqual({
    time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    method: 'GET',
    path: '/services/data',
    status: 200,
    ms: 0.412,
    environmentId: 'env_1',
    app: 'crm',
  })
})

it('stamps each json line with the time it was logged, to the millisecond', async () => {
  const { stream, text } = collectingStream()
  const log = createAccessLog({ stream, format: 'json' })
  const before = Date.now()
  log.write(entry)
  const firstWritten = Date.now()
  // into the next millisecond by the clock itself (a timer's delay is measured from the loop's
  // cached time, so a short one may end before the clock moves)
  while (Date.now() <= firstWritten) await new Promise((resolve) => setTimeout(resolve, 1))
  const middle = Date.now()
  log.write(entry)
  const after = Date.now()
  await afterBatch()
  const [first, second] = text()
    .trimEnd()
    .split('\n')
    .map((line) => Date.parse(JSON.parse(line).time))
  expect(first).toBeGreaterThanOrEqual(before)
  expect(first).toBeLessThanOrEqual(firstWritten)
  expect(second).toBeGreaterThanOrEqual(middle)
  expect(second).toBeLessThanOrEqual(after)
})

it('drops and counts lines while the stream holds the bound, and says so once there is room', async () => {
  const { stream, received, release } = stalledStream()
  const log = createAccessLog({ stream, maxBufferedBytes: 100 })
  // 23-byte lines: the first turn's five lines (115 bytes) go out as one write the stream holds
  for (let i = 0; i < 5; i++) log.write(entry)
  await afterBatch()
  expect(stream.writableLength).toBe(115)
  for (let i = 0; i < 7; i++) log.write(entry)
  await afterBatch()
  expect(log.dropped).toBe(7)
  expect(received()).toBe('GET /v1/me 200 0.412ms\n'.repeat(5))

  release()
  await afterBatch()
  expect(received()).toBe(
    `${'GET /v1/me 200 0.412ms\n'.repeat(5)}... 7 log lines dropped (the reader of this log fell behind)\n`,
  )
  log.write(entry)
  await afterBatch()
  expect(received().endsWith('dropped (the reader of this log fell behind)\nGET /v1/me 200 0.412ms\n')).toBe(
    true,
  )
})

it('counts dropped lines in json as {"dropped": N}', async () => {
  const { stream, received, release } = stalledStream()
  const log = createAccessLog({ stream, format: 'json', maxBufferedBytes: 10 })
  log.write(entry)
  await afterBatch()
  log.write(entry)
  log.write(entry)
  release()
  await afterBatch()
  const lines = received()
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line))
  expect(lines).toHaveLength(2)
  expect(lines[1]).toEqual({ time: expect.any(String), dropped: 2 })
})

it('flush writes what is held and resolves once the stream has taken it', async () => {
  const { stream, received, release } = stalledStream()
  const log = createAccessLog({ stream })
  log.write(entry)
  let flushed = false
  const flushing = log.flush().then(() => {
    flushed = true
  })
  await afterBatch()
  expect(received()).toBe('GET /v1/me 200 0.412ms\n')
  expect(flushed).toBe(false)
  release()
  await flushing
  expect(flushed).toBe(true)
})

it('flush gives up after its timeout when nobody reads, reporting what was dropped', async () => {
  const { stream, received, release } = stalledStream()
  const log = createAccessLog({ stream, maxBufferedBytes: 10 })
  log.write(entry)
  await afterBatch()
  log.write(entry)
  await log.flush(20)
  release()
  await afterBatch()
  expect(received()).toBe(
    'GET /v1/me 200 0.412ms\n... 1 log line dropped (the reader of this log fell behind)\n',
  )
})

it('stops logging, and never throws, once the stream fails (a reader that went away)', async () => {
  const stream = new Writable({
    write(_chunk, _encoding, callback) {
      callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))
    },
  })
  const log = createAccessLog({ stream })
  log.write(entry)
  await afterBatch()
  await afterBatch()
  expect(() => log.write(entry)).not.toThrow()
  await expect(log.flush(20)).resolves.toBeUndefined()
})

it('close flushes, then lets go of the stream', async () => {
  const { stream, text } = collectingStream()
  const log = createAccessLog({ stream })
  log.write(entry)
  await log.close()
  expect(text()).toBe('GET /v1/me 200 0.412ms\n')
  expect(stream.listenerCount('drain')).toBe(0)
  expect(stream.listenerCount('error')).toBe(0)
  log.write(entry)
  await afterBatch()
  expect(text()).toBe('GET /v1/me 200 0.412ms\n')
})
