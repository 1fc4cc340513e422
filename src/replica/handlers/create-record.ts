/**
 * @module
 * `POST /sobjects/{object}`'s work as data: the record created through the record service, and
 * the 201 answer the route writes (`{ id, success, errors }` and the new record's URL for
 * `Location`). The route and a composite's direct create (subrequest-dispatch.ts) both use it, so
 * the two cannot answer differently.
 */
import type { CrmApp } from '../crm-app.js'
import type { MetadataView } from '../metadata/metadata-service.js'

export interface CreatedAnswer {
  value: { id: string; success: true; errors: [] }
  /** `/services/data/vXX.X/sobjects/{object}/{id}`, the object in the schema's spelling. */
  location: string
}

/** Creates a record of `objectName` (any case) from `body` as `view`'s actor; throws its native error. */
export function createRecord(
  app: CrmApp,
  objectName: string,
  body: unknown,
  view: MetadataView,
): CreatedAnswer {
  const { object, id } = app.records.create(objectName, body, view)
  return {
    value: { id, success: true, errors: [] },
    location: `/services/data/v${view.apiVersion}/sobjects/${object}/${id}`,
  }
}
