import { Writable } from 'node:stream'
import { expect, it } from 'vitest'
import { createAccessLog } from './access-log.js'

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
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      text += String(chunk)
      callback()
    },
  })
  return { stream, text: () => text }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))
const entry = { method: 'GET', path: '/v1/me', status: 200, ms: 0.41234 }

it('writes the lines of one turn as one write, on the next turn', async () => {
  const { stream, text } = collectingStream()
  const log = createAccessLog({ stream })
  log.write(entry)
  log.write({ ...entry, path: '/v1/workspaces', status: 404, ms: 12 })
  expect(text()).toBe('')
  await nextTurn()
  expect(text()).toBe('GET /v1/me 200 0.412ms\nGET /v1/workspaces 404 12.000ms\n')
})

it('names environment and app of native calls, in text and json', async () => {
  const native = { ...entry, path: '/services/data', environmentId: 'env_1', app: 'crm' }
  const text = collectingStream()
  createAccessLog({ stream: text.stream }).write(native)
  const json = collectingStream()
  createAccessLog({ stream: json.stream, format: 'json' }).write(native)
  await nextTurn()
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

it('drops and counts lines while the stream holds the bound, and says so once there is room', async () => {
  const { stream, received, release } = stalledStream()
  const log = createAccessLog({ stream, maxBufferedBytes: 100 })
  // 23-byte lines: the first turn's five lines (115 bytes) go out as one write the stream holds
  for (let i = 0; i < 5; i++) log.write(entry)
  await nextTurn()
  expect(stream.writableLength).toBe(115)
  for (let i = 0; i < 7; i++) log.write(entry)
  await nextTurn()
  expect(log.dropped).toBe(7)
  expect(received()).toBe('GET /v1/me 200 0.412ms\n'.repeat(5))

  release()
  await nextTurn()
  expect(received()).toBe(
    `${'GET /v1/me 200 0.412ms\n'.repeat(5)}... 7 log lines dropped (the reader of this log fell behind)\n`,
  )
  log.write(entry)
  await nextTurn()
  expect(received().endsWith('dropped (the reader of this log fell behind)\nGET /v1/me 200 0.412ms\n')).toBe(
    true,
  )
})

it('counts dropped lines in json as {"dropped": N}', async () => {
  const { stream, received, release } = stalledStream()
  const log = createAccessLog({ stream, format: 'json', maxBufferedBytes: 10 })
  log.write(entry)
  await nextTurn()
  log.write(entry)
  log.write(entry)
  release()
  await nextTurn()
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
  await nextTurn()
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
  await nextTurn()
  log.write(entry)
  await log.flush(20)
  release()
  await nextTurn()
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
  await nextTurn()
  await nextTurn()
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
  await nextTurn()
  expect(text()).toBe('GET /v1/me 200 0.412ms\n')
})
