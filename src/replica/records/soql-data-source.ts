/**
 * @module
 * The SOQL engine's view (`SoqlDataSource`) of one environment's records, for one caller: objects
 * and fields as the view (API version, actor) sees them, records from the record store, equality
 * lookups from its indexes, date literals on the mock clock.
 */
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'
import type { SoqlDataSource, SoqlObject, SoqlRecord } from '../soql/data-source.js'
import type { RecordStore } from './record-store.js'

/**
 * Each view's `SoqlObject`s, kept across queries: pure functions of the read-only metadata, the
 * object and the view (version and actor), and the compiler caches its field lookups per
 * `SoqlObject` (a fresh one per query rebuilt its ~30-field map every time).
 */
const viewObjects = new WeakMap<MetadataService, Map<string, SoqlObject>>()

function soqlObject(metadata: MetadataService, name: string, view: MetadataView): SoqlObject | undefined {
  let objects = viewObjects.get(metadata)
  if (!objects) {
    objects = new Map()
    viewObjects.set(metadata, objects)
  }
  const key = `${view.apiVersion}|${view.actor}|${name.toLowerCase()}`
  const known = objects.get(key)
  if (known) return known
  const def = metadata.findObject(name, view)
  // a name no object has is not kept: queries could name any number of them
  if (!def) return undefined
  const object: SoqlObject = {
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
  objects.set(key, object)
  return object
}

export function createSoqlDataSource(
  metadata: MetadataService,
  store: RecordStore,
  view: MetadataView,
  clock: { now(): Date },
): SoqlDataSource {
  const objectFor = (name: string): SoqlObject | undefined => soqlObject(metadata, name, view)

  return {
    schema: { object: objectFor },
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
