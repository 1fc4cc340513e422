import { expect, it } from 'vitest'
import { PlatformEventDef } from '../../schemas/crm-schema.js'
import { TransactionLog } from '../../store/transaction.js'
import { EventBus } from './event-bus.js'
import { createEventTypes } from './event-types.js'

const types = createEventTypes(
  [
    { name: 'Later__e', label: 'Later', fields: [] },
    { name: 'Now__e', label: 'Now', publishBehavior: 'PublishImmediately', fields: [] },
    {
      name: 'Order__e',
      label: 'Order',
      fields: [
        {
          name: 'Ref__c',
          label: 'Ref',
          type: 'string',
          length: 5,
          createable: true,
          updateable: false,
          nillable: false,
        },
      ],
    },
  ].map((def) => PlatformEventDef.parse(def)),
  new Set(['e00']),
)

function bus(capacity = 100) {
  const log = new TransactionLog()
  const published: number[] = []
  const events = new EventBus({
    types,
    clock: { now: () => new Date('2030-01-01T00:00:00.000Z') },
    onRollback: (step) => log.onRollback(step),
    onCommit: (hook) => log.onCommit(hook),
    objectNameOfPrefix: () => undefined,
    capacity,
  })
  events.observe({ published: (event) => published.push(event.replayId) })
  return { log, events, published }
}

const type = (name: string) => types.find(name)!

it('gives events key prefixes in name order, skipping the taken ones', () => {
  expect(types.all().map((event) => [event.name, event.keyPrefix])).toEqual([
    ['Later__e', 'e01'],
    ['Now__e', 'e02'],
    ['Order__e', 'e03'],
  ])
})

it('takes back an event published in a transaction that rolls back, and its replay id, and reports none', () => {
  const { log, events, published } = bus()
  events.publish(type('Later__e'), {}, '005')
  expect(() =>
    log.run(() => {
      events.publish(type('Later__e'), {}, '005')
      throw new Error('rolled back')
    }),
  ).toThrow('rolled back')
  log.run(() => events.publish(type('Later__e'), {}, '005'))
  expect(events.list().map((event) => event.replayId)).toEqual([1, 2])
  expect(published).toEqual([1, 2])
})

it('keeps an event published immediately, whatever the transaction does', () => {
  const { log, events, published } = bus()
  expect(() =>
    log.run(() => {
      events.publish(type('Later__e'), {}, '005')
      events.publish(type('Now__e'), {}, '005')
      throw new Error('rolled back')
    }),
  ).toThrow()
  expect(events.list().map((event) => [event.type, event.replayId])).toEqual([['Now__e', 2]])
  expect(published).toEqual([2])
  expect(events.publish(type('Later__e'), {}, '005').replayId).toBe(3)
})

it('keeps at most its capacity, the oldest going first, and replay ids go on', () => {
  const { events } = bus(2)
  for (const ref of ['a', 'b', 'c']) events.publish(type('Order__e'), { Ref__c: ref }, '005')
  expect(events.list().map((event) => [event.replayId, event.fields.Ref__c])).toEqual([
    [2, 'b'],
    [3, 'c'],
  ])
  const again = bus(2).events
  again.replace(EventBus.check(JSON.parse(JSON.stringify(events.serialise()))))
  expect(again.publish(type('Order__e'), { Ref__c: 'd' }, '005').replayId).toBe(4)
})

it('refuses a bad event document, naming where', () => {
  expect(() => EventBus.check({ lastReplayId: 1, published: [{ type: 'X__e' }] })).toThrow(
    /Failed to restore platform events: published\.0\./,
  )
})
