/**
 * @module
 * The resources that share the record's place in `/sobjects/{object}/...` with a name of their
 * own: `updated`, `deleted`, `listviews[/{id}[/describe|/results]]`, and a record's blob field
 * (`/sobjects/{object}/{id}/{blobField}`). The sObject routes hand such a path here (one route
 * per shape keeps the router on a single regular expression, method-dispatch.ts); the names are
 * matched in any case, like every fixed segment (resource-spelling.ts).
 */
import type { Handler } from 'hono'
import type { NativeEnv } from './native-env.js'
import { deletedResource, updatedResource } from './replication-routes.js'

/** `/sobjects/{object}/{name}` -> its handler. */
const BY_NAME: ReadonlyMap<string, Handler<NativeEnv>> = new Map([
  ['updated', updatedResource],
  ['deleted', deletedResource],
])

/** The handler of `/sobjects/{object}/{name}` when `name` is a sub-resource served here. */
export function objectSubresource(name: string): Handler<NativeEnv> | undefined {
  return BY_NAME.get(name.toLowerCase())
}
