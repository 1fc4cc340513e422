/**
 * @module
 * The sObject resources under `/services/data/vXX.X`: global describe, an object's basic
 * information and describe, record create/read/update/delete, and the rows by external id
 * (retrieve, upsert, delete). Object and field names are case-insensitive; answers use the
 * schema's spelling. Each route parses, calls the record service, and writes the wire shape.
 * Creates and updates take JSON or a blob field's multipart body (read-record-body.ts); the
 * resources that share the record's place (`updated`, `deleted`, `listviews`, a record's blob)
 * are handed to sobject-subresources.ts.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_list.htm
 */
import type { Hono } from 'hono'
import { NotFoundError, UnsupportedFeatureError } from '../errors.js'
import { keyPrefixOf, normaliseId } from '../ids.js'
import { parseApiVersion } from '../metadata/api-version.js'
import { recordValidators } from '../conditional-requests.js'
import { describeGlobal, describeObject, describeSObject } from '../metadata/describe.js'
import { saveNotices } from '../events/publish-result.js'
import { toRecordJson } from '../records/record-view.js'
import { basePath, type NativeContext, type NativeEnv } from './native-env.js'
import { answerWith, jsonCreated, jsonUtf8, jsonUtf8Text, jsonValue } from './json-response.js'
import { readRecordBody } from './read-record-body.js'
import { byMethod, methodNotAllowed, resource } from './method-dispatch.js'
import { whenStoreFree } from './store-turn.js'
import { deepSubresource, objectSubresource, rowSubresource } from './sobject-subresources.js'
import {
  describeResource as describeLayoutResource,
  describeSubresource,
  isRecordResource,
  objectResource,
  recordResource as recordSubresource,
} from './describe-resources.js'
import {
  checkWritePreconditions,
  describeValidators,
  readConditionally,
  refusePreconditions,
  withoutPreconditions,
} from './preconditions.js'

/** From this version an upsert that updates answers 200 with a body; before it, 204. */
const UPSERT_BODY_SINCE = 46

/** Real sub-resources of an object the replica does not emulate: `/sobjects/{object}/{name}[/...]`. */
const UNSUPPORTED_SUBRESOURCES: Readonly<Record<string, string>> = {
  eventSchema: 'Platform event schemas',
}

const globalDescribeResource = byMethod({ GET: globalDescribe })
const describeResource = byMethod({ GET: describe })
const recordResource = byMethod({ GET: read, PATCH: update, DELETE: remove, POST: createById })
const externalIdResource = withoutPreconditions(
  byMethod({ GET: retrieveByExternalId, PATCH: upsert, DELETE: deleteByExternalId }),
)

export function sobjectRoutes(app: Hono<NativeEnv>): void {
  // describe global, an object's describe and sObject rows by id honour conditional headers
  // (preconditions.ts); every other resource here refuses them
  app.all('/sobjects', globalDescribeResource)
  resource(app, '/sobjects/:object', {
    GET: withoutPreconditions(basicInformation),
    POST: withoutPreconditions(create),
  })
  // `describe` and the other sub-resources share the record's place in the path (in any case,
  // like every fixed segment: resource-spelling.ts; no record id is spelled like one)
  app.all('/sobjects/:object/:id', (c, next) => {
    const name = c.req.param('id')!
    if (name.toLowerCase() === 'describe') return describeResource(c, next)
    const served = objectResource(name)
    if (served) return served(c, next)
    const subresource = objectSubresource(name)
    if (subresource) {
      refusePreconditions(c)
      return subresource(c, next)
    }
    unsupportedSubresource(name)
    return recordResource(c, next)
  })
  app.all('/sobjects/:object/:id/:value', (c, next) => {
    const name = c.req.param('id')!
    if (name.toLowerCase() === 'describe') return describeLayoutResource(c, next)
    // a record's password or article suggestions, not a row by an external id spelled like them
    if (normaliseId(name) !== undefined && isRecordResource(c.req.param('value')!)) {
      return recordSubresource(c, next)
    }
    // listviews/{id}, or a record's blob field
    const served = rowSubresource(c)
    if (served) {
      refusePreconditions(c)
      return served(c, next)
    }
    unsupportedSubresource(name)
    return externalIdResource(c, next)
  })
  app.all('/sobjects/:object/:id/:value/*', (c, next) => {
    const name = c.req.param('id')!
    if (name.toLowerCase() === 'describe') return describeSubresource(c, next)
    refusePreconditions(c)
    const served = deepSubresource(c)
    if (served) return served(c, next)
    unsupportedSubresource(name)
    throw new NotFoundError()
  })
}

/** Fails loudly on a sub-resource name (`listviews`, ...) the replica does not serve. */
function unsupportedSubresource(name: string): void {
  const lower = name.toLowerCase()
  const known = Object.keys(UNSUPPORTED_SUBRESOURCES).find((key) => key.toLowerCase() === lower)
  if (known !== undefined) throw new UnsupportedFeatureError(UNSUPPORTED_SUBRESOURCES[known]!)
}

/** A platform event is published here (POST), but the replica describes none. */
function refuseEventDescribe(c: NativeContext): void {
  const event = c.get('data').events.types.find(c.req.param('object')!)
  if (event) throw new UnsupportedFeatureError(`Describing a platform event (${event.name})`)
}

function globalDescribe(c: NativeContext) {
  return readConditionally(c, describeValidators(c), () =>
    jsonUtf8(c, describeGlobal(c.get('data').metadata, c.get('view'))),
  )
}

function basicInformation(c: NativeContext) {
  const app = c.get('data')
  refuseEventDescribe(c)
  const view = c.get('view')
  const summary = describeSObject(app.metadata, c.req.param('object')!, view)
  const object = summary.objectDescribe.name
  const recentItems = app.recentItems(object, view).map((item) => toRecordJson(object, item, view.apiVersion))
  return jsonUtf8(c, { ...summary, recentItems })
}

function describe(c: NativeContext) {
  refuseEventDescribe(c)
  const { metadata } = c.get('data')
  const view = c.get('view')
  // an unknown object is NOT_FOUND before any precondition is looked at
  const object = metadata.getObject(c.req.param('object')!, view)
  return readConditionally(c, describeValidators(c), () =>
    jsonUtf8(c, describeObject(metadata, object.name, view, instanceUrl(c))),
  )
}

/**
 * The org's instance for browser URLs: the app URL without a token (the replica serves no pages
 * there, its answer is a native NOT_FOUND; a real org's instance URL is its My Domain).
 */
function instanceUrl(c: NativeContext): string {
  const { call, origin } = c.get('native')
  const app = `/apps/${encodeURIComponent(call.environmentId)}/${encodeURIComponent(call.appName)}`
  return `${origin}${app}`
}

// a body is read with an await: the store check comes after it, right before the write (store-turn.ts)
async function create(c: NativeContext) {
  const body = await readRecordBody(c, c.req.param('object')!)
  return whenStoreFree(c, () => {
    const result = c.get('data').records.create(c.req.param('object')!, body, c.get('view'))
    const { object, id } = result
    const answer = { id, success: true, errors: saveNotices(result) }
    return jsonCreated(c, answer, `${basePath(c)}/sobjects/${object}/${id}`)
  })
}

/** `POST /sobjects/{object}/Id` creates (API 37.0+: `Id` as the external id, with no value). */
async function createById(c: NativeContext) {
  if (c.req.param('id')!.toLowerCase() !== 'id') methodNotAllowed(c, 'HEAD,GET,PATCH,DELETE')
  refusePreconditions(c)
  return create(c)
}

/** A row's validators: those of the whole record as the caller reads it (no `fields`). */
function rowValidators(c: NativeContext) {
  const { json, stored } = c
    .get('data')
    .records.readJson(c.req.param('object')!, c.req.param('id')!, c.get('view'))
  return recordValidators(json, stored)
}

function read(c: NativeContext) {
  const fields = c.req.query('fields')
  const { json, stored } = c
    .get('data')
    .records.readJson(c.req.param('object')!, c.req.param('id')!, c.get('view'), { fields })
  // serialised once: the answer, and (read whole) what its validators hash
  const validators = fields === undefined ? recordValidators(json, stored) : rowValidators(c)
  return readConditionally(c, validators, () => jsonUtf8Text(c, json))
}

async function update(c: NativeContext) {
  const body = await readRecordBody(c, c.req.param('object')!)
  return whenStoreFree(c, () => {
    checkWritePreconditions(c, () => rowValidators(c))
    c.get('data').records.update(c.req.param('object')!, c.req.param('id')!, body, c.get('view'))
    return answerWith(c, null, 204)
  })
}

function remove(c: NativeContext) {
  checkWritePreconditions(c, () => rowValidators(c))
  c.get('data').records.delete(c.req.param('object')!, c.req.param('id')!, c.get('view'))
  return answerWith(c, null, 204)
}

/**
 * `/sobjects/{object}/{id}/{name}` is a relationship or blob field of a record, which the replica
 * does not serve; any other `{field}/{value}` is a row by external id.
 */
function externalIdPath(c: NativeContext): { object: string; field: string; value: string } {
  const app = c.get('data')
  const object = app.metadata.getObject(c.req.param('object')!, c.get('view'))
  const field = c.req.param('id')!
  const id = normaliseId(field)
  if (id !== undefined && keyPrefixOf(id) === object.keyPrefix) {
    throw new UnsupportedFeatureError(
      'Relationship traversal and blob retrieval (/sobjects/{object}/{id}/{name})',
    )
  }
  return { object: object.name, field, value: c.req.param('value')! }
}

/** `300 Multiple Choices`: the urls of every matching record, nothing changed. */
function multipleChoices(c: NativeContext, object: string, ids: readonly string[]) {
  const base = basePath(c)
  return jsonValue(
    c,
    ids.map((id) => `${base}/sobjects/${object}/${id}`),
    300,
  )
}

function retrieveByExternalId(c: NativeContext) {
  const { object, field, value } = externalIdPath(c)
  const view = c.get('view')
  const found = c.get('data').records.retrieveByExternalId(object, field, value, view, {
    fields: c.req.query('fields'),
  })
  if (found.status === 'multiple') return multipleChoices(c, found.object, found.ids)
  return jsonUtf8(c, toRecordJson(found.object, found.record, view.apiVersion))
}

async function upsert(c: NativeContext) {
  const { object, field, value } = externalIdPath(c)
  const view = c.get('view')
  const body = await readRecordBody(c, object)
  return whenStoreFree(c, () => {
    const result = c.get('data').records.upsert(object, field, value, body, view, {
      updateOnly: c.req.query('updateOnly') === 'true',
    })
    if (result.status === 'multiple') return multipleChoices(c, result.object, result.ids)
    if (result.status === 'created') {
      const location = `${basePath(c)}/sobjects/${result.object}/${result.id}`
      return jsonCreated(c, { id: result.id, success: true, errors: [], created: true }, location)
    }
    if (parseApiVersion(view.apiVersion)! < UPSERT_BODY_SINCE) return answerWith(c, null, 204)
    return jsonValue(c, { id: result.id, success: true, errors: [], created: false }, 200)
  })
}

function deleteByExternalId(c: NativeContext) {
  const { object, field, value } = externalIdPath(c)
  const result = c.get('data').records.deleteByExternalId(object, field, value, c.get('view'))
  if (result.status === 'multiple') return multipleChoices(c, result.object, result.ids)
  return answerWith(c, null, 204)
}
