/**
 * @module
 * The record store of one environment's CRM app: records per object in a `Map` by id, equality
 * indexes on external-id / idLookup / reference fields, a recycle bin (deleted records stay with
 * `IsDeleted = true`, hidden unless `includeDeleted`), nested transactions with rollback, and a
 * plain-JSON serialise/restore. Not @msw/data: it scans on every lookup (DESIGN.md "Why").
 *
 * Records are immutable plain objects holding every stored field of their object in schema order
 * (so they share one hidden class); a write replaces the object, so a record read earlier stays a
 * consistent snapshot and `serialise()` can hand the objects out without copying.
 */
import { z } from 'zod'
import { counterOf, keyPrefixOf, makeRecordId, normaliseId } from '../ids.js'
import type { FieldDef, ObjectDef } from '../metadata/crm-schema.js'
import type { MetadataService } from '../metadata/metadata-service.js'

export type FieldValue = string | number | boolean | null
/** A stored record: canonical field name -> value. Never mutate one; write through the store. */
export type SObjectRecord = Readonly<Record<string, FieldValue>>

export interface ReadOptions {
  /** Also return records in the recycle bin (`queryAll`). @default false */
  includeDeleted?: boolean
}

export const RECORD_STORE_FORMAT = 'replica-mock/crm-records'

/** The serialised store. `records` holds every record (recycle bin included) per object, oldest first. */
export const RecordStoreContent = z.strictObject({
  format: z.literal(RECORD_STORE_FORMAT),
  version: z.literal(1),
  /** Last id counter issued per object (ids are never reused, even after a purge). */
  counters: z.record(z.string(), z.int().min(0)),
  /** Auto-number sequences (`Case.CaseNumber`): the last number issued. */
  sequences: z.record(z.string(), z.int().min(0)),
  /** Checked record by record on restore (a zod pass over 1M records would dominate the restore). */
  records: z.record(z.string(), z.array(z.unknown())),
})
export type RecordStoreContent = z.infer<typeof RecordStoreContent>

type IdSet = string | Set<string>

interface Table {
  def: ObjectDef
  fields: readonly FieldDef[]
  fieldNames: Set<string>
  byId: Map<string, SObjectRecord>
  /** Records not in the recycle bin. */
  live: number
  /** Indexed field -> value key -> id (or ids when several records share the value). */
  indexes: Map<string, Map<unknown, IdSet>>
  /** Field kinds for index keys: ids compare by canonical id, text case-insensitively. */
  idFields: Set<string>
  counter: number
  /** Every stored field set to null, in schema order: new records are spread from it. */
  template: Readonly<Record<string, FieldValue>>
}

type UndoStep = () => void

/**
 * Fields with an equality index: external ids, idLookup fields and references. Audit references
 * (CreatedById, LastModifiedById) are left out: a handful of users would each hold a set of every
 * record id, for lookups nobody makes by equality.
 */
export function isIndexedField(field: FieldDef): boolean {
  if (field.type === 'id') return false // the id is the Map key
  if (field.externalId || field.idLookup || field.unique) return true
  return field.type === 'reference' && field.name !== 'CreatedById' && field.name !== 'LastModifiedById'
}

export type RecordStore = ReturnType<typeof createRecordStore>

export function createRecordStore(metadata: MetadataService) {
  let tables = buildTables(metadata)
  let sequences = new Map<string, number>()
  /** Undo steps of the open transaction (nested ones append to it); null outside transactions. */
  let journal: UndoStep[] | null = null
  let tail: Promise<unknown> = Promise.resolve()
  /** Tables a rollback appended purged records back to. */
  const reorder = new Set<Table>()

  const tableOf = (object: string): Table => {
    const table = tables.byName.get(object.toLowerCase())
    if (!table)
      throw new TypeError(`[replica-mock] Failed to use the record store: unknown object "${object}"`)
    return table
  }
  const journalStep = (step: UndoStep) => journal?.push(step)

  function put(table: Table, next: SObjectRecord, previous: SObjectRecord | undefined): void {
    const id = next.Id as string
    if (previous) unindex(table, previous)
    table.byId.set(id, next)
    index(table, next)
    table.live += (next.IsDeleted ? 0 : 1) - (previous && !previous.IsDeleted ? 1 : 0)
  }

  function drop(table: Table, id: string): void {
    const previous = table.byId.get(id)
    if (!previous) return
    unindex(table, previous)
    table.byId.delete(id)
    if (!previous.IsDeleted) table.live--
  }

  function visible(found: SObjectRecord | undefined, options?: ReadOptions): SObjectRecord | undefined {
    if (!found) return undefined
    return found.IsDeleted && !options?.includeDeleted ? undefined : found
  }

  const store = {
    /** Canonical object names, schema order. */
    get objects(): string[] {
      return [...tables.byName.values()].map((table) => table.def.name)
    },

    /** A record by id (15 or 18 characters, any case for 18). */
    get(id: string, options?: ReadOptions): SObjectRecord | undefined {
      const canonical = normaliseId(id)
      if (!canonical) return undefined
      const table = tables.byPrefix.get(keyPrefixOf(canonical))
      return visible(table?.byId.get(canonical), options)
    },

    /** Every record of an object, oldest first. */
    *scan(object: string, options?: ReadOptions): Generator<SObjectRecord> {
      const table = tableOf(object)
      const includeDeleted = options?.includeDeleted === true
      for (const found of table.byId.values()) if (includeDeleted || !found.IsDeleted) yield found
    },

    count(object: string, options?: ReadOptions): number {
      const table = tableOf(object)
      return options?.includeDeleted ? table.byId.size : table.live
    },

    /** True when `findBy` can answer for this field from an index. */
    isIndexed(object: string, field: string): boolean {
      const table = tableOf(object)
      return field.toLowerCase() === 'id' || table.indexes.has(canonicalField(table, field) ?? '')
    },

    /**
     * Records whose `field` equals `value` (text case-insensitively, ids in any 15/18 form), oldest
     * first; `undefined` when the field has no index, so the caller knows to scan instead.
     */
    findBy(
      object: string,
      field: string,
      value: unknown,
      options?: ReadOptions,
    ): SObjectRecord[] | undefined {
      const table = tableOf(object)
      if (field.toLowerCase() === 'id') {
        const canonical = typeof value === 'string' ? normaliseId(value) : undefined
        const found = canonical ? visible(table.byId.get(canonical), options) : undefined
        return found ? [found] : []
      }
      const name = canonicalField(table, field)
      const index = name === undefined ? undefined : table.indexes.get(name)
      if (!index || name === undefined) return undefined
      const key = indexKey(value, table.idFields.has(name))
      const ids = key === undefined ? undefined : index.get(key)
      if (ids === undefined) return []
      const out: SObjectRecord[] = []
      for (const id of typeof ids === 'string' ? [ids] : ids) {
        const found = visible(table.byId.get(id), options)
        if (found) out.push(found)
      }
      return out.length > 1 ? out.sort(byId) : out
    },

    /** Issues the next id of an object (journaled: a rolled-back create does not burn it). */
    nextId(object: string): string {
      const table = tableOf(object)
      table.counter++
      journalStep(() => {
        table.counter--
      })
      return makeRecordId(table.def.keyPrefix, table.counter)
    },

    /** The next number of an auto-number sequence (`Case.CaseNumber`). */
    nextSequence(name: string, start = 1): number {
      const previous = sequences.get(name)
      const next = previous === undefined ? start : previous + 1
      sequences.set(name, next)
      journalStep(() => {
        if (previous === undefined) sequences.delete(name)
        else sequences.set(name, previous)
      })
      return next
    },

    /**
     * Adds a record. `values` must hold a canonical `Id` of the object and only stored fields;
     * missing fields are stored as null.
     */
    insert(object: string, values: Readonly<Record<string, FieldValue>>): SObjectRecord {
      const table = tableOf(object)
      const next = materialise(table, values)
      const id = next.Id as string
      if (table.byId.has(id)) {
        throw new TypeError(`[replica-mock] Failed to insert ${table.def.name} record: id "${id}" exists`)
      }
      put(table, next, undefined)
      table.counter = Math.max(table.counter, counterOf(id, table.def.keyPrefix))
      journalStep(() => drop(table, id))
      return next
    },

    /** Replaces fields of a record (recycle-bin records included); returns the new record. */
    update(id: string, changes: Readonly<Record<string, FieldValue>>): SObjectRecord {
      const canonical = normaliseId(id)
      const table = canonical ? tables.byPrefix.get(keyPrefixOf(canonical)) : undefined
      const previous = canonical ? table?.byId.get(canonical) : undefined
      if (!table || !previous)
        throw new TypeError(`[replica-mock] Failed to update record: no record "${id}"`)
      for (const name of Object.keys(changes)) {
        if (!table.fieldNames.has(name) || name === 'Id') {
          throw new TypeError(
            `[replica-mock] Failed to update ${table.def.name} record: "${name}" is not a stored field`,
          )
        }
      }
      const next: SObjectRecord = { ...previous, ...changes }
      put(table, next, previous)
      journalStep(() => put(table, previous, next))
      return next
    },

    /** Removes a record for good (hard delete / emptying the recycle bin). */
    purge(id: string): SObjectRecord | undefined {
      const canonical = normaliseId(id)
      const table = canonical ? tables.byPrefix.get(keyPrefixOf(canonical)) : undefined
      const previous = canonical ? table?.byId.get(canonical) : undefined
      if (!table || !previous) return undefined
      drop(table, previous.Id as string)
      journalStep(() => {
        put(table, previous, undefined)
        // a Map only appends: the record's place is restored once the rollback is over
        reorder.add(table)
      })
      return previous
    },

    /** True while a transaction is open. */
    get inTransaction(): boolean {
      return journal !== null
    },

    /**
     * Runs `work` synchronously; if it throws, every write it made is undone and the error
     * rethrown. Transactions nest: an inner one that fails rolls back to where it began (a
     * savepoint) and the outer one can carry on or fail in turn.
     */
    transaction<R>(work: () => R): R {
      const outer = journal
      const steps: UndoStep[] = outer ?? []
      const mark = steps.length
      journal = steps
      try {
        const result = work()
        if (isThenable(result)) {
          throw new TypeError('[replica-mock] Failed to run a record transaction: work must be synchronous')
        }
        return result
      } catch (error) {
        // undo steps must not journal themselves
        journal = null
        while (steps.length > mark) steps.pop()!()
        for (const table of reorder) sortById(table)
        reorder.clear()
        throw error
      } finally {
        journal = outer
      }
    },

    /** Runs async `work` after every earlier `exclusive` call settled (one writer at a time). */
    exclusive<R>(work: () => Promise<R> | R): Promise<R> {
      const result = tail.then(work, work)
      tail = result.catch(() => undefined)
      return result
    },

    /** Plain JSON of the whole store (the record objects themselves: never mutate them). */
    serialise(): RecordStoreContent {
      const counters: Record<string, number> = {}
      const records: Record<string, Array<Record<string, unknown>>> = {}
      for (const table of tables.byName.values()) {
        counters[table.def.name] = table.counter
        records[table.def.name] = [...table.byId.values()]
      }
      return {
        format: RECORD_STORE_FORMAT,
        version: 1,
        counters,
        sequences: Object.fromEntries(sequences),
        records,
      }
    },

    /**
     * Replaces every record with the content of `content` (output of `serialise`, possibly
     * through JSON). Checked first: on a bad document nothing already stored changes.
     */
    restore(content: unknown): void {
      if (journal) throw new TypeError('[replica-mock] Failed to restore records: a transaction is open')
      const parsed = RecordStoreContent.safeParse(content)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!
        throw new TypeError(
          `[replica-mock] Failed to restore records: ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
        )
      }
      const next = buildTables(metadata)
      for (const [object, list] of Object.entries(parsed.data.records)) {
        const table = next.byName.get(object.toLowerCase())
        if (!table)
          throw new TypeError(`[replica-mock] Failed to restore records: unknown object "${object}"`)
        list.forEach((values, i) => {
          const where = `${object}.${i}`
          const checked = checkRecord(table, values, where)
          if (table.byId.has(checked.Id as string)) {
            throw new TypeError(
              `[replica-mock] Failed to restore records: ${where}: duplicate id "${checked.Id}"`,
            )
          }
          put(table, checked, undefined)
          table.counter = Math.max(table.counter, counterOf(checked.Id as string, table.def.keyPrefix))
        })
      }
      for (const [object, counter] of Object.entries(parsed.data.counters)) {
        const table = next.byName.get(object.toLowerCase())
        if (table) table.counter = Math.max(table.counter, counter)
      }
      tables = next
      sequences = new Map(Object.entries(parsed.data.sequences))
    },

    /** Empties the store (counters and sequences too). */
    clear(): void {
      if (journal) throw new TypeError('[replica-mock] Failed to clear records: a transaction is open')
      tables = buildTables(metadata)
      sequences = new Map()
    },
  }

  function checkRecord(table: Table, raw: unknown, where: string): SObjectRecord {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new TypeError(`[replica-mock] Failed to restore records: ${where}: not an object`)
    }
    const values = raw as Record<string, unknown>
    for (const name in values) {
      const value = values[name]
      if (!table.fieldNames.has(name)) {
        throw new TypeError(`[replica-mock] Failed to restore records: ${where}.${name}: not a stored field`)
      }
      if (
        value !== null &&
        typeof value !== 'string' &&
        typeof value !== 'number' &&
        typeof value !== 'boolean'
      ) {
        throw new TypeError(`[replica-mock] Failed to restore records: ${where}.${name}: not a scalar`)
      }
    }
    const out = materialise(table, values as Record<string, FieldValue>, false) as Record<string, FieldValue>
    const id = typeof out.Id === 'string' ? normaliseId(out.Id) : undefined
    if (!id || keyPrefixOf(id) !== table.def.keyPrefix) {
      throw new TypeError(
        `[replica-mock] Failed to restore records: ${where}.Id: not an id of ${table.def.name}`,
      )
    }
    out.Id = id
    // references are stored canonical (index keys rely on it)
    for (const name of table.idFields) {
      const value = out[name]
      if (name !== 'Id' && typeof value === 'string') out[name] = normaliseId(value) ?? value
    }
    return out
  }

  return store
}

interface Tables {
  byName: Map<string, Table>
  byPrefix: Map<string, Table>
}

function buildTables(metadata: MetadataService): Tables {
  const byName = new Map<string, Table>()
  const byPrefix = new Map<string, Table>()
  for (const def of metadata.objects()) {
    const fields = metadata.storedFields(def)
    const table: Table = {
      def,
      fields,
      fieldNames: new Set(fields.map((field) => field.name)),
      byId: new Map(),
      live: 0,
      indexes: new Map(fields.filter(isIndexedField).map((field) => [field.name, new Map()])),
      idFields: new Set(fields.filter((f) => f.type === 'reference' || f.type === 'id').map((f) => f.name)),
      counter: 0,
      template: { ...Object.fromEntries(fields.map((field) => [field.name, null])) },
    }
    byName.set(def.name.toLowerCase(), table)
    byPrefix.set(def.keyPrefix, table)
  }
  return { byName, byPrefix }
}

/** Puts a table's records back in id order (creation order for ids the replica issues). */
function sortById(table: Table): void {
  const entries = [...table.byId.values()].sort(byId)
  table.byId.clear()
  for (const found of entries) table.byId.set(found.Id as string, found)
}

/** A record with every stored field in schema order (one hidden class per object). */
function materialise(
  table: Table,
  values: Readonly<Record<string, FieldValue>>,
  check = true,
): SObjectRecord {
  if (check) {
    for (const name in values) {
      if (!table.fieldNames.has(name)) {
        throw new TypeError(
          `[replica-mock] Failed to store ${table.def.name} record: "${name}" is not a stored field`,
        )
      }
    }
  }
  // a spread of the template keeps V8's fast properties; adding 30+ keys one by one does not
  const out: Record<string, FieldValue> = { ...table.template }
  for (const field of table.fields) {
    const value = values[field.name]
    if (value !== undefined && value !== null) out[field.name] = value
  }
  const id = out.Id
  if (
    check &&
    (typeof id !== 'string' || normaliseId(id) !== id || keyPrefixOf(id) !== table.def.keyPrefix)
  ) {
    throw new TypeError(
      `[replica-mock] Failed to store ${table.def.name} record: "${String(id)}" is not its id`,
    )
  }
  if (out.IsDeleted === null && table.fieldNames.has('IsDeleted')) out.IsDeleted = false
  return out
}

function canonicalField(table: Table, field: string): string | undefined {
  if (table.fieldNames.has(field)) return field
  const lower = field.toLowerCase()
  for (const name of table.fieldNames) if (name.toLowerCase() === lower) return name
  return undefined
}

/**
 * Equality key of a value someone looks up: ids in canonical 18-character form (any 15/18 form
 * and case matches), text case-insensitive (like SOQL's `=`).
 */
export function indexKey(value: unknown, isId: boolean): unknown {
  if (value === null || value === undefined) return undefined
  if (typeof value !== 'string') return value
  if (isId) return normaliseId(value) ?? value
  return value.toLowerCase()
}

/** The key of a stored value: stored ids are canonical already, so only text needs folding. */
function storedKey(value: FieldValue | undefined, isId: boolean): unknown {
  if (value === null || value === undefined) return undefined
  return typeof value === 'string' && !isId ? value.toLowerCase() : value
}

function index(table: Table, found: SObjectRecord): void {
  for (const [field, map] of table.indexes) {
    const key = storedKey(found[field], table.idFields.has(field))
    if (key === undefined) continue
    const id = found.Id as string
    const ids = map.get(key)
    if (ids === undefined) map.set(key, id)
    else if (typeof ids === 'string') map.set(key, new Set([ids, id]))
    else ids.add(id)
  }
}

function unindex(table: Table, found: SObjectRecord): void {
  for (const [field, map] of table.indexes) {
    const key = storedKey(found[field], table.idFields.has(field))
    if (key === undefined) continue
    const ids = map.get(key)
    if (ids === undefined) continue
    if (typeof ids === 'string') {
      if (ids === found.Id) map.delete(key)
    } else {
      ids.delete(found.Id as string)
      if (ids.size === 1) map.set(key, ids.values().next().value!)
    }
  }
}

/**
 * Index sets lose insertion order when a record is re-indexed: answer in id order, which is
 * creation order for ids the replica issues (fixed-width base-62 counters).
 */
function byId(a: SObjectRecord, b: SObjectRecord): number {
  return (a.Id as string) < (b.Id as string) ? -1 : 1
}

function isThenable(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
  )
}
