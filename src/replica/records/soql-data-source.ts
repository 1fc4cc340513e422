/**
 * @module
 * The SOQL engine's view (`SoqlDataSource`) of one environment's records, for one caller: objects
 * and fields as the view (API version, actor) sees them, records from the record store, equality
 * lookups from its indexes, date literals on the mock clock.
 */
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'
import type { SoqlDataSource, SoqlObject, SoqlRecord } from '../soql/data-source.js'
import type { RecordStore } from './record-store.js'

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
): SoqlDataSource {
  return {
    schema: { object: (name) => soqlObject(metadata, name, view) },
    now: () => clock.now(),
    records: {
      scan: (object, options) => store.scan(object, options) as Iterable<SoqlRecord>,
      get(object, id, options) {
        const found = store.get(id, options)
        const def = metadata.findObject(object)
        return found && def && (found.Id as string).startsWith(def.keyPrefix)
          ? (found as SoqlRecord)
          : undefined
      },
      findBy: (object, field, value, options) =>
        store.findBy(object, field, value, options) as Iterable<SoqlRecord> | undefined,
    },
  }
}
