/**
 * @module
 * sObject Collections (`/composite/sobjects`): create (POST), update (PATCH), delete
 * (DELETE `?ids=&allOrNone=`), retrieve (GET `/{object}?ids=&fields=`, or POST `/{object}` with
 * `{ ids, fields }`) and upsert by external id (PATCH `/{object}/{field}`). Each record is saved
 * or read by the record service inside one store transaction; see `../composite/collections`
 * (loaded with the first request, lazy-handler.ts).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_sobjects_collections.htm
 */
import type { Hono } from 'hono'
import type { CollectionsPlan } from '../composite/index.js'
import { ReplicaError } from '../errors.js'
import { toRecordJson } from '../records/record-view.js'
import { resource } from './method-dispatch.js'
import type { NativeContext, NativeEnv } from './native-env.js'
import { withLoaded } from './lazy-handler.js'
import { readJsonBody } from './read-json-body.js'
import { markBlobRecords } from './read-record-body.js'
import { transactFor } from './subrequest-dispatch.js'
import { jsonValue } from './json-response.js'

const composite = () => import('../composite/index.js')
type Composite = Awaited<ReturnType<typeof composite>>

export function collectionsRoutes(app: Hono<NativeEnv>): void {
  const write = async (c: NativeContext, { runCollection }: Composite, plan: CollectionsPlan) =>
    jsonValue(c, await runCollection(plan, c.get('data').records, c.get('view'), transactFor(c)))
  resource(app, '/composite/sobjects', {
    POST: (c) => withLoaded(c, composite, async (m) => write(c, m, m.planCreate(readRecords(c)))),
    PATCH: (c) => withLoaded(c, composite, async (m) => write(c, m, m.planUpdate(readRecords(c)))),
    DELETE: (c) =>
      withLoaded(c, composite, (m) =>
        write(c, m, m.planDelete(listParam(c, 'ids'), allOrNoneParam(c), c.get('data').metadata)),
      ),
  })
  resource(app, '/composite/sobjects/:object', {
    GET: (c) => withLoaded(c, composite, (m) => retrieve(c, m, listParam(c, 'ids'), listParam(c, 'fields'))),
    POST: (c) =>
      withLoaded(c, composite, async (m) => {
        const { ids, fields } = m.parseBody(
          m.CollectionsRetrieve,
          readJsonBody(c),
          'sObject Collections request',
        )
        return retrieve(c, m, ids, fields)
      }),
  })
  resource(app, '/composite/sobjects/:object/:field', {
    PATCH: (c) =>
      withLoaded(c, composite, async (m) => {
        const { metadata } = c.get('data')
        const view = c.get('view')
        const object = metadata.getObject(c.req.param('object')!, view)
        const body = readRecords(c, object.name)
        return write(c, m, m.planUpsert(body, object, c.req.param('field')!, metadata, view))
      }),
  })
}

async function retrieve(c: NativeContext, m: Composite, ids: string[], fields: string[]) {
  const { metadata, records } = c.get('data')
  const view = c.get('view')
  const object = metadata.getObject(c.req.param('object')!, view)
  const plan = m.planRetrieve(ids, fields, object, metadata, view)
  const found = await m.runRetrieve(plan, records, view, transactFor(c))
  return jsonValue(
    c,
    found.map((record) => record && toRecordJson(plan.object, record, view.apiVersion)),
  )
}

/** The JSON body `{ records: [...] }`; one whose records send a blob field is marked on the call. */
function readRecords(c: NativeContext, objectName?: string): unknown {
  const body = readJsonBody(c)
  const records = (body as { records?: unknown } | null)?.records
  if (Array.isArray(records)) markBlobRecords(c, records, objectName)
  return body
}

/** `?ids=a,b` (comma-separated, repeated parameters too). */
function listParam(c: NativeContext, name: string): string[] {
  return (c.req.queries(name) ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '')
}

function allOrNoneParam(c: NativeContext): boolean {
  const value = c.req.query('allOrNone')
  if (value === undefined || /^false$/i.test(value)) return false
  if (/^true$/i.test(value)) return true
  throw new ReplicaError('INVALID_INPUT', `Failed to read allOrNone: expected true or false, got "${value}"`)
}
