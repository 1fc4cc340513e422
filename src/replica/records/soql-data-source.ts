/**
 * @module
 * The SOQL engine's view (`SoqlDataSource`) of one environment's records, for one caller: objects
 * and fields as the view (API version, actor) sees them, records from the record store, equality
 * lookups from its indexes, date literals on the mock clock, formula and roll-up fields computed (as `userId`'s
 * User sees `$User`).
 */
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'
import type { SoqlDataSource, SoqlObject, SoqlRecord } from '../soql/data-source.js'
import { hasComputedFields, withFormulaValues } from './formula-reads.js'
import type { RecordStore, SObjectRecord } from './record-store.js'

function soqlObject(metadata: MetadataService, name: string, view: MetadataView): SoqlObject | undefined {
  const def = metadata.findObject(name, view)
  if (!def) return undefined
  return {
    def,
    fields: metadata.visibleFields(def, view),
    childRelationships: metadata
      .childRelationships(def, view)
      .filter((relationship) => relationship.relationshipName !== null)
      .map((relationship) => ({
        relationshipName: relationship.relationshipName!,
        childObject: relationship.childSObject,
        field: relationship.field,
      })),
  }
}

export function createSoqlDataSource(
  metadata: MetadataService,
  store: RecordStore,
  view: MetadataView,
  clock: { now(): Date },
  userId?: string,
): SoqlDataSource {
  // every record the engine reads (rows, parents of paths) carries its formula fields computed
  const computed = (object: string, found: SObjectRecord): SoqlRecord => {
    const def = metadata.findObject(object)
    return (def ? withFormulaValues({ metadata, store, clock }, def, found, userId) : found) as SoqlRecord
  }
  return {
    schema: { object: (name) => soqlObject(metadata, name, view) },
    now: () => clock.now(),
    records: {
      *scan(object, options) {
        const def = metadata.findObject(object)
        const computes = def !== undefined && hasComputedFields(metadata, def)
        for (const found of store.scan(object, options)) {
          yield computes ? computed(object, found) : (found as SoqlRecord)
        }
      },
      get(object, id, options) {
        const found = store.get(id, options)
        const def = metadata.findObject(object)
        return found && def && (found.Id as string).startsWith(def.keyPrefix)
          ? computed(def.name, found)
          : undefined
      },
      findBy(object, field, value, options) {
        const found = store.findBy(object, field, value, options)
        return found && [...found].map((each) => computed(object, each))
      },
    },
  }
}
