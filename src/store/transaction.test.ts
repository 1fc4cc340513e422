import { expect, it } from 'vitest'
import { runExclusive, TransactionLog } from './transaction.js'
import { WriteLock } from './write-lock.js'

/** A tiny store over one log: a map whose writes record their undo steps. */
function setup() {
  const log = new TransactionLog()
  const data = new Map<string, number>()
  const set = (key: string, value: number) => {
    const had = data.has(key)
    const previous = data.get(key)
    data.set(key, value)
    log.onRollback(() => {
      if (had) data.set(key, previous!)
      else data.delete(key)
    })
  }
  return { log, data, set }
}

const later = () => new Promise((resolve) => setTimeout(resolve, 5))

it('commits the writes of work that returns and undoes those of work that throws', () => {
  const { log, data, set } = setup()
  const done = log.run(() => {
    set('a', 1)
    return 'done'
  })
  expect(done).toBe('done')
  expect(() =>
    log.run(() => {
      set('a', 2)
      set('b', 3)
      expect([...data]).toEqual([
        ['a', 2],
        ['b', 3],
      ])
      throw new Error('boom')
    }),
  ).toThrow('boom')
  expect([...data]).toEqual([['a', 1]])
  expect(log.active).toBe(false)
})

it('records nothing outside a transaction', () => {
  const { log, data, set } = setup()
  set('a', 1)
  expect(() =>
    log.run(() => {
      throw new Error('boom')
    }),
  ).toThrow('boom')
  expect(data.get('a')).toBe(1)
})

it('rolls a failed savepoint back to where it began; the outer transaction goes on', () => {
  const { log, data, set } = setup()
  log.run(() => {
    set('a', 1)
    expect(() =>
      log.run(() => {
        set('a', 2)
        set('b', 2)
        throw new Error('inner')
      }),
    ).toThrow('inner')
    expect([...data]).toEqual([['a', 1]])
    set('c', 3)
  })
  expect([...data]).toEqual([
    ['a', 1],
    ['c', 3],
  ])
})

it('undoes a committed savepoint when the outer transaction fails', () => {
  const { log, data, set } = setup()
  expect(() =>
    log.run(() => {
      log.run(() => set('a', 1))
      throw new Error('outer')
    }),
  ).toThrow('outer')
  expect(data.size).toBe(0)
})

it('never records the writes undo steps make', () => {
  const { log, data, set } = setup()
  set('a', 1)
  expect(() =>
    log.run(() => {
      // an undo step that writes through the journaled path
      log.onRollback(() => set('a', 5))
      throw new Error('boom')
    }),
  ).toThrow('boom')
  expect(data.get('a')).toBe(5)
  // nothing left over for a later rollback to replay
  expect(() =>
    log.run(() => {
      throw new Error('again')
    }),
  ).toThrow('again')
  expect(data.get('a')).toBe(5)
})

it('runs commit hooks once the outermost transaction commits, never for undone work', () => {
  const { log } = setup()
  const ran: string[] = []
  log.run(() => {
    log.onCommit(() => ran.push('outer'))
    log.run(() => log.onCommit(() => ran.push('inner')))
    expect(() =>
      log.run(() => {
        log.onCommit(() => ran.push('failed savepoint'))
        throw new Error('inner')
      }),
    ).toThrow('inner')
    expect(ran).toEqual([])
  })
  expect(ran).toEqual(['outer', 'inner'])
  log.onCommit(() => ran.push('outside'))
  expect(ran).toEqual(['outer', 'inner', 'outside'])
})

it('rolls back when a commit hook throws', () => {
  const { log, data, set } = setup()
  expect(() =>
    log.run(() => {
      set('a', 1)
      log.onCommit(() => {
        throw new Error('hook')
      })
    }),
  ).toThrow('hook')
  expect(data.size).toBe(0)
  expect(log.active).toBe(false)
})

it('runs a fix-up once after a rollback, however many steps ask for it', () => {
  const { log } = setup()
  let fixes = 0
  const fix = () => fixes++
  expect(() =>
    log.run(() => {
      log.onRollback(() => log.afterRollback(fix))
      log.onRollback(() => log.afterRollback(fix))
      throw new Error('boom')
    }),
  ).toThrow('boom')
  expect(fixes).toBe(1)
})

it('undoes with async steps in the async form, newest first', async () => {
  const log = new TransactionLog()
  const undone: string[] = []
  await expect(
    log.runAsync(async () => {
      log.onRollback(async () => {
        await later()
        undone.push('first')
      })
      await later()
      log.onRollback(() => {
        undone.push('second')
      })
      throw new Error('boom')
    }),
  ).rejects.toThrow('boom')
  expect(undone).toEqual(['second', 'first'])
  expect(log.active).toBe(false)
})

it('errors on an async undo step in the sync form', () => {
  const log = new TransactionLog()
  expect(() =>
    log.run(() => {
      log.onRollback(async () => {})
      throw new Error('boom')
    }),
  ).toThrow(/undo step is async/)
  expect(log.active).toBe(false)
})

it('refuses to close a transaction while a savepoint it opened is still open', async () => {
  const { log } = setup()
  const outer = log.runAsync(() => {
    // a savepoint left running: async work without the write lock (runExclusive) can do this
    void log.runAsync(() => new Promise(() => {}))
  })
  await expect(outer).rejects.toThrow(/innermost/)
})

it('runs exclusive transactions one at a time and tells other writers when it is free', async () => {
  const { log, data, set } = setup()
  const lock = new WriteLock()
  expect(lock.whenFree()).toBeUndefined()
  const order: string[] = []
  const first = runExclusive(lock, log, async () => {
    order.push('first')
    set('a', 1)
    await later()
    throw new Error('boom')
  })
  const second = runExclusive(lock, log, () => {
    order.push('second')
    set('b', 2)
  })
  expect(lock.held).toBe(true)
  const wait = lock.whenFree()
  expect(wait).toBeDefined()
  await expect(first).rejects.toThrow('boom')
  await second
  await wait
  expect(order).toEqual(['first', 'second'])
  expect([...data]).toEqual([['b', 2]])
  expect(lock.whenFree()).toBeUndefined()
})
