import { expect, it } from 'vitest'
import { makeRecordId } from '../../replica/ids.js'
import { type Change, replayJournal } from './journal-replay.js'

const runtimePart = {
  clock: { mode: 'manual', now: '2030-01-01T00:00:00.000Z' },
  lifecycle: { startMs: 5 },
  faults: [],
}
const base = () => ({
  clock: { mode: 'real', now: '2020-01-01T00:00:00.000Z' },
  lifecycle: { startMs: 0 },
  faults: [],
  store: {
    collections: { environments: [{ id: 'env_a', status: 'running' }], auditEvents: [{ id: 'evt_1' }] },
  },
  environmentData: {} as Record<string, any>,
})
const records = (accounts: unknown[]) => ({ counters: {}, sequences: {}, records: { Account: accounts } })
const id = (n: number) => makeRecordId('001', n)
const entry = (changes: Change[]) => ({ changes, ...runtimePart })

it('applies stored and removed records in order, keeping insertion order', () => {
  const replayed = replayJournal(base(), [
    entry([
      ['c', 'auditEvents', 'evt_2', { id: 'evt_2' }],
      ['c', 'auditEvents', 'evt_1', null],
    ]),
    entry([['c', 'environments', 'env_a', { id: 'env_a', status: 'paused' }]]),
  ])
  expect(replayed.store.collections.auditEvents).toEqual([{ id: 'evt_2' }])
  expect(replayed.store.collections.environments).toEqual([{ id: 'env_a', status: 'paused' }])
  expect(replayed.clock).toEqual(runtimePart.clock)
  expect(replayed.lifecycle).toEqual({ startMs: 5 })
})

it('applies app data, records, purges (the id counter stays) and sequences', () => {
  const replayed = replayJournal(base(), [
    entry([['a', 'env_a', 'crm', records([{ Id: id(1), Name: 'one' }])]]),
    entry([
      ['r', 'env_a', 'crm', 'Account', id(2), { Id: id(2), Name: 'two' }],
      ['r', 'env_a', 'crm', 'Account', id(1), { Id: id(1), Name: 'uno' }],
      ['r', 'env_a', 'crm', 'Account', id(2), null],
      ['s', 'env_a', 'crm', 'CaseNumber', 7],
    ]),
  ])
  const crm = replayed.environmentData.env_a.crm
  expect(crm.records.Account).toEqual([{ Id: id(1), Name: 'uno' }])
  expect(crm.counters.Account).toBe(2)
  expect(crm.sequences).toEqual({ CaseNumber: 7 })
})

it('keeps data only of environments the replayed store holds live', () => {
  const replayed = replayJournal(base(), [
    entry([
      ['a', 'env_a', 'crm', records([])],
      // installed by a creation that rolled back: no environment record followed
      ['a', 'env_gone', 'crm', records([])],
    ]),
  ])
  expect(Object.keys(replayed.environmentData)).toEqual(['env_a'])
  const dropped = replayJournal(base(), [
    entry([
      ['a', 'env_a', 'crm', records([])],
      ['d', 'env_a'],
    ]),
  ])
  expect(dropped.environmentData).toEqual({})
})

it('starts over from a whole-state entry (reset, import)', () => {
  const state = {
    ...base(),
    lifecycle: { startMs: 9 },
    store: { collections: { environments: [], auditEvents: [] } },
  }
  const replayed = replayJournal(base(), [
    entry([['c', 'auditEvents', 'evt_2', { id: 'evt_2' }]]),
    { state, clock: state.clock, lifecycle: state.lifecycle, faults: [] },
    entry([['c', 'auditEvents', 'evt_3', { id: 'evt_3' }]]),
  ])
  expect(replayed.store.collections.auditEvents).toEqual([{ id: 'evt_3' }])
})

it('gives the same state when the journal is replayed again onto its own result', () => {
  const journal = [
    entry([['a', 'env_a', 'crm', records([{ Id: id(1), Name: 'one' }])]]),
    entry([
      ['r', 'env_a', 'crm', 'Account', id(1), { Id: id(1), Name: 'uno' }],
      ['c', 'auditEvents', 'evt_2', { id: 'evt_2' }],
    ]),
  ]
  const once = replayJournal(base(), structuredClone(journal))
  const twice = replayJournal(structuredClone(once), structuredClone(journal))
  expect(twice).toEqual(once)
})

it('names the entry that does not fit the document', () => {
  expect(() => replayJournal(base(), [entry([['c', 'nope', 'x', {}]])])).toThrow(
    'journal entry 1: no collection "nope"',
  )
})
