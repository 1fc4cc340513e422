/**
 * @module
 * `GET /sobjects/{object}/{id}/{blobField}` (sObject Blob Get): the field's bytes as the body
 * (`content/read-blob.ts`), marked on the call so the recording keeps them out. Salesforce does
 * not serve it inside a composite request (binary is no JSON); neither does the replica.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_blob_retrieve.htm
 */
import { readBlob } from '../content/read-blob.js'
import { ReplicaError } from '../errors.js'
import { byMethod } from './method-dispatch.js'
import type { NativeContext } from './native-env.js'
import { BLOB_ENDPOINT } from './native-endpoints.js'
import { refuseUnknownParams } from './query-params.js'
import { answerWith } from './json-response.js'

const NO_PARAMS: ReadonlySet<string> = new Set()

export const blobResource = byMethod({ GET: blob })

/** True when `/sobjects/{object}/{id}/{name}` names a blob field of a record of the object. */
export function isBlobPath(c: NativeContext): boolean {
  const { metadata } = c.get('data')
  const view = c.get('view')
  const object = metadata.findObject(c.req.param('object')!, view)
  const owner = object && metadata.objectOfId(c.req.param('id')!)
  if (!object || owner?.name !== object.name) return false
  return metadata.findField(object, c.req.param('value')!, view)?.type === 'base64'
}

function blob(c: NativeContext): Response {
  if (c.get('transaction')) {
    throw new ReplicaError(
      'INVALID_INPUT',
      'Blob data is binary, not JSON: it cannot be fetched inside a composite request (fetch it with its own GET)',
    )
  }
  refuseUnknownParams(c, NO_PARAMS)
  const app = c.get('data')
  const view = c.get('view')
  const object = app.metadata.getObject(c.req.param('object')!, view)
  const field = app.metadata.findField(object, c.req.param('value')!, view)!
  const { bytes, contentType } = readBlob(app.store, object, c.req.param('id')!, field)
  c.set('nativeEndpoint', BLOB_ENDPOINT)
  c.set('nativeBinary', { ...c.get('nativeBinary'), response: true })
  return answerWith(c, new Uint8Array(bytes), 200, { 'content-type': contentType })
}
