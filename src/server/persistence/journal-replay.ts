/**
 * @module
 * What a journal entry holds and how replay applies it to a state document (plain JSON, before
 * `importState` checks it). Every change is an absolute assignment (a record's value, an app's
 * whole data, an environment's data released), so replaying a journal onto a snapshot taken after
 * some of it was written gives the same state as replaying it onto the snapshot before: a crash
 * between a compaction's rename and its truncation loses nothing and doubles nothing.
 */
import * as z from 'zod'
import { counterOf, keyPrefixOf } from '../../replica/ids.js'

/** One committed change, as journaled (tuples keep the journal small). */
export type Change =
  /** A management record stored (or removed: null). */
  | ['c', collection: string, id: string, record: unknown]
  /** An environment app's whole data. */
  | ['a', environmentId: string, app: string, content: unknown]
  /** An environment's data released. */
  | ['d', environmentId: string]
  /** A CRM record stored (or purged: null). */
  | ['r', environmentId: string, app: string, object: string, id: string, record: unknown]
  /** An auto-number sequence's last number. */
  | ['s', environmentId: string, app: string, name: string, value: number]
  /** A platform event published (put by its id: replaying it twice keeps one). */
  | ['e', environmentId: string, app: string, event: { id: string; replayId: number }]

/** A journal entry: one write batch. `state` (a whole state document) replaces everything before it. */
export const JournalEntry = z.object({
  changes: z.array(z.array(z.unknown())).default([]),
  state: z.record(z.string(), z.unknown()).optional(),
  /** The clock, lifecycle delays and queued faults as they were when the batch was written. */
  clock: z.unknown(),
  lifecycle: z.unknown(),
  faults: z.unknown(),
})
export type JournalEntry = z.infer<typeof JournalEntry>

type Json = Record<string, any>

/**
 * Applies `entries` to `document` (changed in place and returned; a `state` entry replaces it).
 * Throws a message naming the entry when one does not fit the document.
 */
export function replayJournal(document: Json, entries: readonly unknown[]): Json {
  let state = document
  let arrays = new ArrayIndex()
  entries.forEach((raw, i) => {
    const entry = JournalEntry.safeParse(raw)
    if (!entry.success)
      throw new Error(`journal entry ${i + 1} is not an entry: ${entry.error.issues[0]?.message}`)
    const { changes, clock, lifecycle, faults } = entry.data
    if (entry.data.state) {
      arrays.compact()
      state = entry.data.state
      arrays = new ArrayIndex()
    }
    for (const change of changes) applyChange(state, change as Change, arrays, i + 1)
    Object.assign(state, { clock, lifecycle, faults })
  })
  arrays.compact()
  return keepLiveData(state)
}

function applyChange(state: Json, change: Change, arrays: ArrayIndex, entry: number): void {
  switch (change[0]) {
    case 'c': {
      const list = state.store?.collections?.[change[1]]
      if (!Array.isArray(list)) throw new Error(`journal entry ${entry}: no collection "${change[1]}"`)
      arrays.put(list, change[2], change[3])
      return
    }
    case 'a':
      state.environmentData ??= {}
      state.environmentData[change[1]] ??= {}
      state.environmentData[change[1]][change[2]] = change[3]
      return
    case 'd':
      if (state.environmentData) delete state.environmentData[change[1]]
      return
    case 'r': {
      const [, environmentId, app, object, id, record] = change
      const content = state.environmentData?.[environmentId]?.[app]
      // data of an environment whose creation rolled back, or released since: nothing to apply to
      if (!content?.records || !content.counters) return
      content.records[object] ??= []
      arrays.put(content.records[object], id, record)
      const counter = counterOf(id, keyPrefixOf(id))
      content.counters[object] = Math.max(content.counters[object] ?? 0, counter)
      return
    }
    case 's': {
      const content = state.environmentData?.[change[1]]?.[change[2]]
      if (content?.sequences) content.sequences[change[3]] = change[4]
      return
    }
    case 'e': {
      const [, environmentId, app, event] = change
      const content = state.environmentData?.[environmentId]?.[app]
      if (!content?.records) return
      content.platformEvents ??= { lastReplayId: 0, published: [] }
      arrays.put(content.platformEvents.published, event.id, event)
      content.platformEvents.lastReplayId = Math.max(content.platformEvents.lastReplayId, event.replayId)
      return
    }
    default:
      throw new Error(`journal entry ${entry}: unknown change "${String((change as unknown[])[0])}"`)
  }
}

/**
 * App data only of environments the replayed store holds live: an environment's data is
 * journaled when it is installed, before the transaction creating the environment commits.
 */
function keepLiveData(state: Json): Json {
  if (!state.environmentData) return state
  const live = new Set<string>()
  for (const environment of state.store?.collections?.environments ?? []) {
    if (environment.status !== 'deleted' && environment.status !== 'failed') live.add(environment.id)
  }
  for (const environmentId of Object.keys(state.environmentData)) {
    if (!live.has(environmentId)) delete state.environmentData[environmentId]
  }
  return state
}

/**
 * Puts records into arrays of `{ Id | id }` objects by id: a stored record replaces its old value
 * in place (order kept) or is appended (insertion order); a removed one leaves a hole, closed by
 * `compact()` once (so a replay of n changes stays O(n)).
 */
class ArrayIndex {
  #indexes = new Map<unknown[], Map<string, number>>()

  put(list: unknown[], id: string, record: unknown): void {
    const index = this.#indexOf(list)
    const at = index.get(id)
    if (record === null || record === undefined) {
      if (at !== undefined) list[at] = undefined
      index.delete(id)
    } else if (at !== undefined) list[at] = record
    else {
      index.set(id, list.length)
      list.push(record)
    }
  }

  compact(): void {
    for (const list of this.#indexes.keys()) {
      let kept = 0
      for (const value of list) if (value !== undefined) list[kept++] = value
      list.length = kept
    }
    this.#indexes.clear()
  }

  #indexOf(list: unknown[]): Map<string, number> {
    let index = this.#indexes.get(list)
    if (!index) {
      index = new Map()
      list.forEach((value, i) => {
        if (value === undefined) return
        const record = value as { Id?: string; id?: string }
        index!.set(String(record.Id ?? record.id), i)
      })
      this.#indexes.set(list, index)
    }
    return index
  }
}
