/**
 * @module
 * `--state-file` persistence: nothing acknowledged is lost to a crash.
 *
 * - The mock reports every committed change (`StateObserver`); changes queue in memory and a
 *   writer appends them to the journal (`<state file>.journal`) as one entry per batch, then
 *   `fdatasync`s it. A response waits (`durable()`) until every change made before it was sent
 *   is on disk, so the fsync policy is one per write batch: concurrent requests share one.
 * - Reset and import replace everything: the batch after them is the whole state document.
 * - Compaction writes the whole state to the state file (temporary file, fsync, rename) and
 *   empties the journal: at start (after replay), once the journal outgrows its bound, at close.
 * - At start the state file plus the journal are replayed; a torn or corrupt tail is dropped with
 *   a message naming the file. A path that cannot be written fails here, before listening.
 *
 * Recorded gateway calls are not journaled (a read would then cost an fsync): they are saved by
 * every compaction and lost since the last one on a crash.
 */
import { existsSync } from 'node:fs'
import { type FileHandle, open, readFile } from 'node:fs/promises'
import type { ReplicaRuntime } from '../../runtime/create-runtime.js'
import type { StateDocument } from '../../runtime/state-document.js'
import type { StateObserver } from '../../runtime/state-observer.js'
import { encodeEntry, readJournal } from './journal-file.js'
import { type Change, replayJournal } from './journal-replay.js'
import { readStateFile, writeStateFile } from './state-file.js'

/** Journal bytes past which it is compacted into the state file (or the state file's size, if larger). */
export const JOURNAL_MAX_BYTES = 16 * 1024 * 1024

export interface PersistenceOptions {
  stateFile: string
  runtime: ReplicaRuntime
  /** @default JOURNAL_MAX_BYTES */
  journalMaxBytes?: number
}

export interface Persistence {
  readonly journalFile: string
  /** Counts a change the mock does not report (the control API's clock, lifecycle, faults). */
  touch(): void
  /** Undefined when every change so far is on disk; else settles once it is (rejects if writing failed). */
  durable(): Promise<void> | undefined
  /** Writes the whole state to the state file and empties the journal. */
  compact(): Promise<void>
  /** Waits for pending writes, compacts, closes the journal. */
  close(): Promise<void>
}

interface Waiter {
  seq: number
  resolve: () => void
  reject: (error: Error) => void
}

const kBusy = Symbol('busy')

/** Replays the state file and journal into `runtime`, compacts them, and starts journaling. */
export async function openPersistence(options: PersistenceOptions): Promise<Persistence> {
  const { stateFile, runtime } = options
  const journalFile = `${stateFile}.journal`
  const base = await readStateFile(stateFile).catch(cannotUse(stateFile))
  const bytes = existsSync(journalFile)
    ? await readFile(journalFile).catch(cannotUse(stateFile))
    : Buffer.alloc(0)
  const journal = readJournal(bytes)
  if (journal.droppedBytes > 0) {
    warn(
      `replica-mock: dropped a torn or corrupt journal tail: ${journal.droppedBytes} bytes after byte ${journal.goodBytes} of ${journalFile} (${journal.entries.length} whole entries kept)`,
    )
  }
  const handle = await open(journalFile, 'a').catch(cannotUse(stateFile))
  const persistence = new JournalWriter(options, journalFile, handle)
  // records of apps the import installs report to it from now on; the import itself is muted
  runtime.observe(persistence.observer)
  try {
    if (base || journal.entries.length > 0) {
      let document: Record<string, unknown>
      try {
        document = replayJournal(base ?? runtime.exportState(), journal.entries)
      } catch (error) {
        throw new Error(`Failed to replay ${journalFile}: ${(error as Error).message}`)
      }
      await runtime.importState(document)
    }
    persistence.muted = false
    await persistence.compact()
    persistence.rethrow()
  } catch (error) {
    runtime.observe(undefined)
    await handle.close()
    throw error
  }
  return persistence
}

/** A start-up error that names the state file (the fs message names only the path it tried). */
function cannotUse(stateFile: string) {
  return (error: Error): never => {
    throw new Error(`cannot use the state file ${stateFile}: ${error.message}`)
  }
}

class JournalWriter implements Persistence {
  readonly journalFile: string
  readonly observer: StateObserver
  muted = true
  #options: PersistenceOptions
  #handle: FileHandle
  #pending: Change[] = []
  #needsState = false
  /** Changes counted so far, and how many of them are on disk. */
  #captured = 0
  #durable = 0
  #waiters: Waiter[] = []
  #journalBytes = 0
  #snapshotBytes = 0
  #work: Promise<void> = Promise.resolve()
  #scheduled = false
  #failed: Error | undefined

  constructor(options: PersistenceOptions, journalFile: string, handle: FileHandle) {
    this.#options = options
    this.journalFile = journalFile
    this.#handle = handle
    this.observer = this.#createObserver()
  }

  touch(): void {
    this.#captured++
    this.#schedule()
  }

  durable(): Promise<void> | undefined {
    if (this.#failed) return Promise.reject(this.#failed)
    if (this.#durable >= this.#captured) return undefined
    const seq = this.#captured
    return new Promise((resolve, reject) => this.#waiters.push({ seq, resolve, reject }))
  }

  compact(): Promise<void> {
    return this.#enqueue(() => this.#compact())
  }

  /** Throws the error that stopped writing, if any. */
  rethrow(): void {
    if (this.#failed) throw this.#failed
  }

  async close(): Promise<void> {
    await this.compact()
    this.#options.runtime.observe(undefined)
    await this.#handle.close()
    if (this.#failed) throw this.#failed
  }

  #createObserver(): StateObserver {
    const add = (change: Change) => {
      if (this.muted) return
      this.#pending.push(change)
      this.touch()
    }
    return {
      collection: (name, id, record) => add(['c', name, id, record ?? null]),
      appData: (environmentId, appName, content) => add(['a', environmentId, appName, content]),
      dropped: (environmentId) => add(['d', environmentId]),
      record: (environmentId, appName, object, id, record) =>
        add(['r', environmentId, appName, object, id, record ?? null]),
      sequence: (environmentId, appName, name, value) => add(['s', environmentId, appName, name, value]),
      event: (environmentId, appName, event) => add(['e', environmentId, appName, event]),
      replaced: () => {
        if (this.muted) return
        this.#needsState = true
        this.touch()
      },
    }
  }

  #schedule(): void {
    if (this.#scheduled) return
    this.#scheduled = true
    // a burst of changes in one turn of the event loop goes out as one batch
    setImmediate(() => {
      this.#scheduled = false
      void this.#enqueue(() => this.#flush())
    })
  }

  /** Runs `step` after every earlier one: the journal has one writer. */
  #enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.#work.then(async () => {
      if (this.#failed) return
      try {
        await step()
      } catch (error) {
        this.#fail(error as Error)
      }
    })
    this.#work = run
    return run
  }

  async #flush(): Promise<void> {
    if (this.#durable >= this.#captured) return
    const cut = this.#needsState ? await this.#quiescent(() => this.#cut()) : this.#cut()
    await this.#append(cut.entry!)
    this.#settle(cut.seq)
    const bound = Math.max(this.#options.journalMaxBytes ?? JOURNAL_MAX_BYTES, this.#snapshotBytes)
    if (this.#journalBytes > bound) await this.#compact()
  }

  /**
   * Snapshot: the journal first gets every change up to the moment the state is taken (so
   * replaying it onto the new state file, should the truncation not happen, changes nothing),
   * then the state file is replaced and the journal emptied.
   */
  async #compact(): Promise<void> {
    const cut = await this.#quiescent(() => {
      const document = this.#options.runtime.exportState()
      return { ...this.#cut(document), document }
    })
    if (cut.entry) await this.#append(cut.entry)
    this.#settle(cut.seq)
    const text = JSON.stringify(cut.document)
    await writeStateFile(this.#options.stateFile, text)
    this.#snapshotBytes = text.length
    await this.#handle.truncate(0)
    await this.#handle.datasync()
    this.#journalBytes = 0
  }

  /**
   * Takes what is pending as one journal entry (none when nothing is), synchronously; after a
   * reset or import the entry is the whole state (`document`, or exported now).
   */
  #cut(document?: StateDocument): { entry: object | undefined; seq: number } {
    const { runtime } = this.#options
    const seq = this.#captured
    if (this.#durable >= seq) return { entry: undefined, seq }
    const changes = this.#pending
    this.#pending = []
    let entry: object
    if (this.#needsState) {
      const state = document ?? runtime.exportState()
      entry = { state, clock: state.clock, lifecycle: state.lifecycle, faults: state.faults }
    } else {
      const clock = { mode: runtime.clock.mode, now: runtime.clock.now().toISOString() }
      entry = { changes, clock, lifecycle: runtime.lifecycle, faults: runtime.ctx.faults.list() }
    }
    this.#needsState = false
    return { entry, seq }
  }

  /**
   * Runs `take` when no transaction is open anywhere (the management store's lock held, no record
   * store held by an async transaction): what it exports holds only committed writes.
   */
  async #quiescent<R>(take: () => R): Promise<R> {
    const { apps, ctx } = this.#options.runtime
    for (;;) {
      const busy = apps.whenFree()
      if (busy) {
        await busy.catch(() => {})
        continue
      }
      const result = await ctx.store.transaction(() => (apps.whenFree() ? kBusy : take()))
      if (result !== kBusy) return result as R
    }
  }

  async #append(entry: object): Promise<void> {
    const bytes = encodeEntry(entry)
    await this.#handle.write(bytes)
    await this.#handle.datasync()
    this.#journalBytes += bytes.length
  }

  #settle(seq: number): void {
    this.#durable = Math.max(this.#durable, seq)
    if (this.#waiters.length === 0) return
    const waiting: Waiter[] = []
    for (const waiter of this.#waiters) {
      if (waiter.seq <= this.#durable) waiter.resolve()
      else waiting.push(waiter)
    }
    this.#waiters = waiting
    if (this.#durable < this.#captured) this.#schedule()
  }

  #fail(error: Error): void {
    this.#failed = new Error(`Failed to write ${this.journalFile}: ${error.message}`)
    warn(`replica-mock: ${this.#failed.message}`)
    for (const waiter of this.#waiters) waiter.reject(this.#failed)
    this.#waiters = []
  }
}

/** Recovery and failure messages go to stderr. */
function warn(message: string): void {
  process.stderr.write(`${message}\n`)
}
