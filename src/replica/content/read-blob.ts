/**
 * @module
 * `GET /sobjects/{object}/{id}/{blobField}`: a live record's blob as bytes, with the type an
 * Attachment or Document records (`ContentType`), `application/octet-stream` otherwise. A record
 * with no bytes in the field answers NOT_FOUND, as one in the recycle bin does.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_blob_retrieve.htm
 */
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import { NotFoundError } from '../errors.js'
import { recordById } from '../records/find-records.js'
import type { RecordStore } from '../records/record-store.js'
import { bytesOf } from './file-values.js'

export interface Blob {
  bytes: Buffer
  contentType: string
}

export function readBlob(store: RecordStore, object: ObjectDef, id: string, field: FieldDef): Blob {
  const record = recordById(store, object, id)
  const bytes = record.IsDeleted ? undefined : bytesOf(record[field.name])
  if (!bytes) throw new NotFoundError()
  const declared =
    typeof record.ContentType === 'string' && record.ContentType !== '' ? record.ContentType : undefined
  return { bytes, contentType: declared ?? 'application/octet-stream' }
}
