import { describe, expect, it } from 'vitest'
import { createFaultQueue, Fault } from './faults.js'

describe('Fault', () => {
  it('fills the default code and times of each kind', () => {
    expect(Fault.parse({ kind: 'environment.start' })).toEqual({
      kind: 'environment.start',
      code: 'start_failed',
      times: 1,
    })
    expect(Fault.parse({ kind: 'environment.resume' })).toMatchObject({ code: 'resume_failed' })
    expect(Fault.parse({ kind: 'snapshot' })).toMatchObject({ code: 'internal_error' })
  })

  it('rejects a code of another kind, unknown kinds and keys', () => {
    expect(Fault.safeParse({ kind: 'snapshot', code: 'start_failed' }).success).toBe(false)
    expect(Fault.safeParse({ kind: 'bulk' }).success).toBe(false)
    expect(Fault.safeParse({ kind: 'snapshot', app: 'crm' }).success).toBe(false)
  })
})

describe('createFaultQueue', () => {
  it('takes the oldest matching fault and uses it up after its times', () => {
    const queue = createFaultQueue()
    queue.add(Fault.parse({ kind: 'environment.start', app: 'billing' }))
    queue.add(Fault.parse({ kind: 'environment.start', times: 2 }))
    expect(queue.take('environment.start', (fault) => fault.app === undefined)?.times).toBe(2)
    expect(queue.list().map((fault) => fault.times)).toEqual([1, 1])
    expect(queue.take('environment.start')?.app).toBe('billing')
    expect(queue.take('environment.start')?.app).toBeUndefined()
    expect(queue.take('environment.start')).toBeUndefined()
    expect(queue.list()).toEqual([])
  })

  it('ignores faults of another kind', () => {
    const queue = createFaultQueue()
    queue.add(Fault.parse({ kind: 'snapshot' }))
    expect(queue.take('environment.resume')).toBeUndefined()
    expect(queue.list()).toHaveLength(1)
  })

  it('restores a list and hands out copies', () => {
    const queue = createFaultQueue()
    const added = queue.add(Fault.parse({ kind: 'snapshot' }))
    added.times = 99
    const copy = createFaultQueue()
    copy.restore(queue.list())
    expect(copy.list()).toEqual([{ ...added, times: 1 }])
  })
})
