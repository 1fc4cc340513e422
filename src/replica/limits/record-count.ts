/**
 * @module
 * `GET /services/data/vXX.X/limits/recordCount[?sObjects=A,B]`: the number of live records per
 * object (the recycle bin left out, as the real count leaves it out). The real count is a cached
 * snapshot that lags; the replica's is exact. Names are matched in any case and answered in the
 * schema's spelling; a name the org does not have is left out, as Salesforce leaves it out.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_record_count.htm
 */
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'

export interface RecordCounts {
  sObjects: Array<{ count: number; name: string }>
}

/** Counts of the named objects (in the order named, each once), or of every object the view sees. */
export function recordCounts(
  metadata: MetadataService,
  count: (object: string) => number,
  view: MetadataView,
  names?: readonly string[],
): RecordCounts {
  const objects =
    names === undefined
      ? metadata.visibleObjects(view)
      : names.flatMap((name) => metadata.findObject(name, view) ?? [])
  const seen = new Set<string>()
  const sObjects: RecordCounts['sObjects'] = []
  for (const object of objects) {
    if (seen.has(object.name)) continue
    seen.add(object.name)
    sObjects.push({ count: count(object.name), name: object.name })
  }
  return { sObjects }
}
