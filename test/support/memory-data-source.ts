/**
 * @module
 * A small in-memory `SoqlDataSource` for tests of the SOQL engine: object definitions plus plain records,
 * an id index and indexes on id, reference, external-id and idLookup fields, visibility by actor
 * (`hiddenFrom`) and API version (`sinceVersion`), and counters so a test can prove an indexed lookup
 * did not scan. The replica's real data source is src/replica/records/soql-data-source.ts.
 */
import { type FieldDef, ObjectDef, type ObjectDefInput } from '../../src/schemas/crm-schema.js'
import { createSoqlSchema, type SoqlDataSource, type SoqlRecord } from '../../src/replica/soql/data-source.js'

export interface MemoryDataSourceOptions {
  objects: ObjectDefInput[]
  /** Records by object name; `IsDeleted: true` puts one in the recycle bin. */
  records: Record<string, Record<string, unknown>[]>
  now: () => Date
  actor?: string
  apiVersion?: number
}

export interface MemoryDataSource extends SoqlDataSource {
  /** How often each access path was used since the last `resetStats()`. */
  stats: { scans: number; gets: number; findBys: number }
  resetStats(): void
}

function isIndexed(field: FieldDef): boolean {
  return field.type === 'id' || field.type === 'reference' || field.externalId || field.idLookup
}

export function createMemoryDataSource(options: MemoryDataSourceOptions): MemoryDataSource {
  const objects = options.objects.map((object) => ObjectDef.parse(object))
  const version = options.apiVersion ?? Number.POSITIVE_INFINITY
  const schema = createSoqlSchema(objects, {
    object: (object) => (object.sinceVersion ?? 0) <= version,
    field: (_object, field) =>
      (field.sinceVersion ?? 0) <= version && !(options.actor && field.hiddenFrom.includes(options.actor)),
  })
  const byObject = new Map<string, SoqlRecord[]>()
  const byId = new Map<string, { object: string; record: SoqlRecord }>()
  // object -> field -> normalized value -> records
  const indexes = new Map<string, Map<string, Map<string, SoqlRecord[]>>>()
  for (const object of objects) {
    const hasIsDeleted = object.fields.some((field) => field.name === 'IsDeleted')
    const list = (options.records[object.name] ?? []).map((record) =>
      hasIsDeleted ? { IsDeleted: false, ...record } : record,
    ) as SoqlRecord[]
    byObject.set(object.name, list)
    const fieldIndexes = new Map<string, Map<string, SoqlRecord[]>>()
    for (const field of object.fields.filter(isIndexed)) fieldIndexes.set(field.name, new Map())
    indexes.set(object.name, fieldIndexes)
    for (const record of list) {
      byId.set(record.Id, { object: object.name, record })
      for (const [field, index] of fieldIndexes) {
        const value = record[field]
        if (value === null || value === undefined) continue
        const key = String(value).toLowerCase()
        index.set(key, [...(index.get(key) ?? []), record])
      }
    }
  }
  const visible = (record: SoqlRecord, includeDeleted: boolean) => includeDeleted || record.IsDeleted !== true
  const stats = { scans: 0, gets: 0, findBys: 0 }
  return {
    schema,
    now: options.now,
    stats,
    resetStats() {
      stats.scans = 0
      stats.gets = 0
      stats.findBys = 0
    },
    records: {
      scan(object, { includeDeleted }) {
        stats.scans++
        return (byObject.get(object) ?? []).filter((record) => visible(record, includeDeleted))
      },
      get(object, id, { includeDeleted }) {
        stats.gets++
        const entry = byId.get(id)
        return entry && entry.object === object && visible(entry.record, includeDeleted)
          ? entry.record
          : undefined
      },
      findBy(object, field, value, { includeDeleted }) {
        const index = indexes.get(object)?.get(field)
        if (!index) return undefined
        stats.findBys++
        return (index.get(value.toLowerCase()) ?? []).filter((record) => visible(record, includeDeleted))
      },
    },
  }
}
