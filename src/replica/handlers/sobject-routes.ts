/**
 * @module
 * The sObject resources under `/services/data/vXX.X`: global describe, an object's basic
 * information and describe, record create/read/update/delete, and the rows by external id
 * (retrieve, upsert, delete). Object and field names are case-insensitive; answers use the
 * schema's spelling. Each route parses, calls the record service, and writes the wire shape.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_list.htm
 */
import type { Hono, MiddlewareHandler } from 'hono'
import { NotFoundError, UnsupportedFeatureError } from '../errors.js'
import { keyPrefixOf, normaliseId } from '../ids.js'
import { parseApiVersion } from '../metadata/api-version.js'
import { describeGlobal, describeObject, describeSObject } from '../metadata/describe.js'
import { toRecordJson } from '../records/record-view.js'
import { basePath, type NativeContext, type NativeEnv } from './native-env.js'
import { jsonCreated, jsonUtf8, jsonValue } from './json-response.js'
import { readJsonBody } from './read-json-body.js'
import { byMethod, methodNotAllowed, resource } from './method-dispatch.js'
import { whenStoreFree } from './store-turn.js'

/** From this version an upsert that updates answers 200 with a body; before it, 204. */
const UPSERT_BODY_SINCE = 46

/** Real sub-resources of an object the replica does not emulate: `/sobjects/{object}/{name}[/...]`. */
const UNSUPPORTED_SUBRESOURCES: Readonly<Record<string, string>> = {
  updated: 'Get updated records (sObject Get Updated)',
  deleted: 'Get deleted records (sObject Get Deleted)',
  listviews: 'List views',
  quickActions: 'Quick actions',
  compactLayouts: 'Compact layouts',
  eventSchema: 'Platform event schemas',
}
const LAYOUTS = 'Layout describes (describe/layouts, compactLayouts, approvalLayouts)'

/** Conditional request headers of sObject rows (API 43.0+): answering as if they were absent would be wrong. */
const CONDITIONAL_HEADERS = ['if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since']

const describeResource = byMethod({ GET: describe })
const recordResource = byMethod({ GET: read, PATCH: update, DELETE: remove, POST: createById })
const externalIdResource = byMethod({ GET: retrieveByExternalId, PATCH: upsert, DELETE: deleteByExternalId })

export function sobjectRoutes(app: Hono<NativeEnv>): void {
  app.use('/sobjects/*', refuseConditionalRequests())
  resource(app, '/sobjects', { GET: globalDescribe })
  resource(app, '/sobjects/:object', { GET: basicInformation, POST: create })
  // `describe` and the other sub-resources share the record's place in the path (in any case,
  // like every fixed segment: resource-spelling.ts; no record id is spelled like one)
  app.all('/sobjects/:object/:id', (c, next) => {
    const name = c.req.param('id')!
    if (name.toLowerCase() === 'describe') return describeResource(c, next)
    unsupportedSubresource(name)
    return recordResource(c, next)
  })
  app.all('/sobjects/:object/:id/:value', (c, next) => {
    unsupportedSubresource(c.req.param('id')!)
    return externalIdResource(c, next)
  })
  app.all('/sobjects/:object/:id/:value/*', (c) => {
    unsupportedSubresource(c.req.param('id')!)
    throw new NotFoundError()
  })
}

/** Fails loudly on a sub-resource name (`describe/...`, `listviews`, ...) the replica does not serve. */
function unsupportedSubresource(name: string): void {
  const lower = name.toLowerCase()
  if (lower === 'describe') throw new UnsupportedFeatureError(LAYOUTS)
  const known = Object.keys(UNSUPPORTED_SUBRESOURCES).find((key) => key.toLowerCase() === lower)
  if (known !== undefined) throw new UnsupportedFeatureError(UNSUPPORTED_SUBRESOURCES[known]!)
}

function refuseConditionalRequests(): MiddlewareHandler<NativeEnv> {
  // synchronous, and the list is built only when one is sent: this runs on every sObject call
  return (c, next) => {
    if (CONDITIONAL_HEADERS.some((name) => c.req.header(name) !== undefined)) {
      const sent = CONDITIONAL_HEADERS.filter((name) => c.req.header(name) !== undefined)
      throw new UnsupportedFeatureError(`A conditional request (${sent.join(', ')})`)
    }
    return next()
  }
}

function globalDescribe(c: NativeContext) {
  return jsonUtf8(c, describeGlobal(c.get('data').metadata, c.get('view')))
}

function basicInformation(c: NativeContext) {
  const app = c.get('data')
  const view = c.get('view')
  const summary = describeSObject(app.metadata, c.req.param('object')!, view)
  const object = summary.objectDescribe.name
  const recentItems = app.recentItems(object, view).map((item) => toRecordJson(object, item, view.apiVersion))
  return jsonUtf8(c, { ...summary, recentItems })
}

function describe(c: NativeContext) {
  return jsonUtf8(c, describeObject(c.get('data').metadata, c.req.param('object')!, c.get('view')))
}

// a body is read with an await: the store check comes after it, right before the write (store-turn.ts)
async function create(c: NativeContext) {
  const body = readJsonBody(c)
  return whenStoreFree(c, () => {
    const { object, id } = c.get('data').records.create(c.req.param('object')!, body, c.get('view'))
    return jsonCreated(c, { id, success: true, errors: [] }, `${basePath(c)}/sobjects/${object}/${id}`)
  })
}

/** `POST /sobjects/{object}/Id` creates (API 37.0+: `Id` as the external id, with no value). */
async function createById(c: NativeContext) {
  if (c.req.param('id')!.toLowerCase() !== 'id') methodNotAllowed(c, 'HEAD,GET,PATCH,DELETE')
  return create(c)
}

function read(c: NativeContext) {
  const app = c.get('data')
  const view = c.get('view')
  const object = app.metadata.getObject(c.req.param('object')!, view).name
  const record = app.records.read(object, c.req.param('id')!, view, { fields: c.req.query('fields') })
  return jsonUtf8(c, toRecordJson(object, record, view.apiVersion))
}

async function update(c: NativeContext) {
  const body = readJsonBody(c)
  return whenStoreFree(c, () => {
    c.get('data').records.update(c.req.param('object')!, c.req.param('id')!, body, c.get('view'))
    return c.body(null, 204)
  })
}

function remove(c: NativeContext) {
  c.get('data').records.delete(c.req.param('object')!, c.req.param('id')!, c.get('view'))
  return c.body(null, 204)
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
  const body = readJsonBody(c)
  return whenStoreFree(c, () => {
    const result = c.get('data').records.upsert(object, field, value, body, view, {
      updateOnly: c.req.query('updateOnly') === 'true',
    })
    if (result.status === 'multiple') return multipleChoices(c, result.object, result.ids)
    if (result.status === 'created') {
      const location = `${basePath(c)}/sobjects/${result.object}/${result.id}`
      return jsonCreated(c, { id: result.id, success: true, errors: [], created: true }, location)
    }
    if (parseApiVersion(view.apiVersion)! < UPSERT_BODY_SINCE) return c.body(null, 204)
    return jsonValue(c, { id: result.id, success: true, errors: [], created: false }, 200)
  })
}

function deleteByExternalId(c: NativeContext) {
  const { object, field, value } = externalIdPath(c)
  const result = c.get('data').records.deleteByExternalId(object, field, value, c.get('view'))
  if (result.status === 'multiple') return multipleChoices(c, result.object, result.ids)
  return c.body(null, 204)
}
