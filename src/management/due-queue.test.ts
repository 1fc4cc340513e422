import { describe, expect, it } from 'vitest'
import { DueQueue } from './due-queue.js'

describe('DueQueue', () => {
  it('returns undefined when empty', () => {
    const queue = new DueQueue()
    expect(queue.nextAt()).toBeUndefined()
    expect(queue.pop()).toBeUndefined()
  })

  it('pops entries earliest first, ties in push order', () => {
    const queue = new DueQueue()
    const times = [50, 10, 30, 10, 40, 20, 30, 0]
    for (const [i, at] of times.entries()) queue.push({ at, kind: 'environment', id: `e${i}` })
    expect(queue.nextAt()).toBe(0)
    const popped: string[] = []
    for (let entry = queue.pop(); entry; entry = queue.pop()) popped.push(entry.id)
    expect(popped).toEqual(['e7', 'e1', 'e3', 'e5', 'e2', 'e6', 'e4', 'e0'])
    expect(queue.size).toBe(0)
  })

  it('keeps order over many random pushes and pops', () => {
    const queue = new DueQueue()
    for (let i = 0; i < 500; i++) {
      queue.push({ at: Math.floor(Math.random() * 1000), kind: 'snapshot', id: String(i) })
      if (i % 3 === 0) queue.pop()
    }
    const rest: number[] = []
    for (let entry = queue.pop(); entry; entry = queue.pop()) rest.push(entry.at)
    expect(rest).toEqual([...rest].sort((a, b) => a - b))
  })

  it('forgets everything on clear', () => {
    const queue = new DueQueue()
    queue.push({ at: 1, kind: 'environment', id: 'e' })
    queue.clear()
    expect(queue.nextAt()).toBeUndefined()
  })
})
