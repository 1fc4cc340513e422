/**
 * @module
 * The resources that share the record's place in `/sobjects/{object}/...` with a name of their
 * own: `updated`, `deleted`, `listviews[/{id}[/describe|/results]]`, and a record's blob
 * (`/sobjects/{object}/{id}/{blobField}`). The sObject routes hand
 * such a path here (one route per shape keeps the router on a single regular expression,
 * method-dispatch.ts); the names are matched in any case, like every fixed segment
 * (resource-spelling.ts).
 */
import type { Handler } from 'hono'
import { blobResource, isBlobPath } from './blob-routes.js'
import {
  listViewDescribeResource,
  listViewResource,
  listViewResultsResource,
  listViewsResource,
} from './list-view-routes.js'
import type { NativeContext, NativeEnv } from './native-env.js'
import { deletedResource, updatedResource } from './replication-routes.js'

/** `/sobjects/{object}/{name}` -> its handler. */
const BY_NAME: ReadonlyMap<string, Handler<NativeEnv>> = new Map([
  ['updated', updatedResource],
  ['deleted', deletedResource],
  ['listviews', listViewsResource],
])

/** `/sobjects/{object}/listviews/{id}/{name}` -> its handler. */
const OF_LIST_VIEW: ReadonlyMap<string, Handler<NativeEnv>> = new Map([
  ['describe', listViewDescribeResource],
  ['results', listViewResultsResource],
])

/** The handler of `/sobjects/{object}/{name}` when `name` is a sub-resource served here. */
export function objectSubresource(name: string): Handler<NativeEnv> | undefined {
  return BY_NAME.get(name.toLowerCase())
}

/**
 * The handler of `/sobjects/{object}/{name}/{value}` when it is served here: `listviews/{id}`, or
 * `{id}/{blobField}`.
 */
export function rowSubresource(c: NativeContext): Handler<NativeEnv> | undefined {
  if (c.req.param('id')!.toLowerCase() === 'listviews') return listViewResource
  return isBlobPath(c) ? blobResource : undefined
}

/** The handler of `/sobjects/{object}/{name}/{value}/...` when it is served here (`listviews/{id}/describe`). */
export function deepSubresource(c: NativeContext): Handler<NativeEnv> | undefined {
  if (c.req.param('id')!.toLowerCase() !== 'listviews') return undefined
  const rest = c.req.path
    .split('/')
    .slice(8)
    .filter((part) => part !== '')
  return rest.length === 1 ? OF_LIST_VIEW.get(rest[0]!.toLowerCase()) : undefined
}
