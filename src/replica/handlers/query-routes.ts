/**
 * @module
 * `GET /query?q=` and `/queryAll?q=` (the recycle bin too), and their next pages at
 * `/query/{locator}-{offset}`; `&columns=true` answers the query's column metadata instead
 * (`soql/column-metadata.ts`), `&explain=` is refused: `{ totalSize, done, nextRecordsUrl?, records }`. A batch holds
 * 2000 rows by default, or `Sforce-Query-Options: batchSize=n` (200..2000, as in Salesforce), and
 * fewer when the rows are large, so a page stays well under the gateway's 4 MiB response cap
 * (Salesforce also returns smaller batches for large rows). Remaining rows wait in a cursor.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_query.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/headers_queryoptions.htm
 */
import type { Hono } from 'hono'
import { ReplicaError, UnsupportedFeatureError } from '../errors.js'
import { MAX_NATIVE_BODY_BYTES } from '../native-call.js'
import type { SoqlRows } from '../soql/index.js'
import { basePath, type NativeContext, type NativeEnv } from './native-env.js'
import { resource } from './method-dispatch.js'
import { refuseUnknownParams } from './query-params.js'
import { answerWith, jsonValue } from './json-response.js'

export const DEFAULT_BATCH_SIZE = 2000
export const MIN_BATCH_SIZE = 200
export const MAX_BATCH_SIZE = 2000
/** Room a page keeps for its own keys (`totalSize`, `done`, `nextRecordsUrl`) under the cap. */
const PAGE_FRAME_BYTES = 1024

type QueryKind = 'query' | 'queryAll'

const LOCATOR = /^([0-9A-Za-z]{15,18})-(\d{1,10})$/

export function queryRoutes(app: Hono<NativeEnv>): void {
  resource(app, '/query', { GET: (c) => runQuery(c, 'query') })
  resource(app, '/queryAll', { GET: (c) => runQuery(c, 'queryAll') })
  resource(app, '/query/:locator', { GET: (c) => moreResults(c, 'query') })
  resource(app, '/queryAll/:locator', { GET: (c) => moreResults(c, 'queryAll') })
}

/** What the query resource defines (`_HttpMethod`: the method override every route takes). */
const QUERY_PARAMS: ReadonlySet<string> = new Set(['q', 'columns', 'explain', '_HttpMethod'])
const PAGE_PARAMS: ReadonlySet<string> = new Set(['_HttpMethod'])

function runQuery(c: NativeContext, kind: QueryKind): Response {
  refuseUnknownParams(c, QUERY_PARAMS)
  if (c.req.query('explain') !== undefined) throw new UnsupportedFeatureError('A query plan (explain)')
  const text = c.req.query('q')
  if (text === undefined || text.trim() === '') {
    throw new ReplicaError('MALFORMED_QUERY', 'A query string has to be specified in the q parameter')
  }
  const columns = c.req.query('columns')
  if (columns !== undefined && columns !== 'true' && columns !== 'false') {
    throw new ReplicaError(
      'MALFORMED_QUERY',
      `Failed to read the columns parameter: expected true or false, got "${columns}"`,
    )
  }
  // the column metadata of the query instead of its rows (what the Salesforce CLI names its columns by)
  if (columns === 'true') return jsonValue(c, c.get('data').queryColumns(text, c.get('view')))
  const batchSize = batchSizeOf(c)
  const base = basePath(c)
  const rows = c.get('data').openQuery(text, c.get('view'), {
    includeDeleted: kind === 'queryAll',
    recordUrl: (type, id) => `${base}/sobjects/${type}/${id}`,
  })
  // SELECT COUNT() has a totalSize and no rows
  return page(c, kind, rows.totalSize, rows, 0, batchSize)
}

function moreResults(c: NativeContext, kind: QueryKind): Response {
  refuseUnknownParams(c, PAGE_PARAMS)
  const match = LOCATOR.exec(c.req.param('locator')!)
  if (!match) throw new ReplicaError('INVALID_QUERY_LOCATOR', 'invalid query locator')
  const batchSize = batchSizeOf(c)
  const rows = c.get('data').cursors.rows(match[1]!, c.get('native').call.actor)
  const offset = Number(match[2])
  if (offset > rows.length) throw new ReplicaError('INVALID_QUERY_LOCATOR', 'invalid query locator')
  // this request renders its page under a budget of its own
  rows.renew()
  return page(c, kind, rows.totalSize, rows, offset, batchSize, match[1])
}

/**
 * One page from `offset`: up to `batchSize` rows, fewer once the page would pass the gateway's
 * cap (`MAX_NATIVE_BODY_BYTES`; a page has at least one row, though). Only the page's rows are rendered; the body is written by hand so each row is serialised once.
 */
function page(
  c: NativeContext,
  kind: QueryKind,
  totalSize: number,
  rows: SoqlRows,
  offset: number,
  batchSize: number,
  locator?: string,
): Response {
  const rendered = rows.slice(offset, offset + batchSize)
  const parts: string[] = []
  let bytes = 0
  let next = offset
  while (next < rows.length && parts.length < batchSize) {
    const json = JSON.stringify(rendered[next - offset])
    const size = Buffer.byteLength(json)
    if (parts.length > 0 && bytes + size > MAX_NATIVE_BODY_BYTES - PAGE_FRAME_BYTES) break
    parts.push(json)
    bytes += size + 1
    next++
  }
  const done = next >= rows.length
  let head = `{"totalSize":${totalSize},"done":${done}`
  if (!done) {
    const id = locator ?? c.get('data').cursors.open(rows, c.get('native').call.actor)
    head += `,"nextRecordsUrl":${JSON.stringify(`${basePath(c)}/${kind}/${id}-${next}`)}`
  }
  return answerWith(c, `${head},"records":[${parts.join(',')}]}`, 200, {
    'content-type': 'application/json; charset=UTF-8',
  })
}

/** `Sforce-Query-Options: batchSize=500`; out-of-range sizes are clamped to 200..2000 like Salesforce's. */
function batchSizeOf(c: NativeContext): number {
  const header = c.req.header('sforce-query-options')
  if (header === undefined) return DEFAULT_BATCH_SIZE
  let size = DEFAULT_BATCH_SIZE
  for (const option of header.split(',')) {
    if (option.trim() === '') continue
    const at = option.indexOf('=')
    const key = (at < 0 ? option : option.slice(0, at)).trim()
    const value = at < 0 ? '' : option.slice(at + 1).trim()
    if (key.toLowerCase() !== 'batchsize') throw new UnsupportedFeatureError(`The query option "${key}"`)
    if (!/^\d{1,9}$/.test(value)) {
      throw new ReplicaError(
        'INVALID_BATCH_SIZE',
        `Failed to read Sforce-Query-Options: batchSize must be a whole number from ${MIN_BATCH_SIZE} to ${MAX_BATCH_SIZE}, got "${value}"`,
      )
    }
    size = Math.min(MAX_BATCH_SIZE, Math.max(MIN_BATCH_SIZE, Number(value)))
  }
  return size
}
