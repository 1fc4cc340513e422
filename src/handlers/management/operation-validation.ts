/**
 * @module
 * One middleware per management operation, made from its row of the operation table: the
 * permission (checked first, so an under-privileged caller gets 403 whatever it sent), then path
 * parameters, query, headers and body, each validated with the operation's zod schema.
 * `c.req.valid(target)` is then the parsed input, typed from the schema.
 * One middleware instead of one per input, so the order of the checks is plain to see.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type * as z from 'zod'
import type { UsageTally } from '../../calls/usage-tally.js'
import { requirePermission } from '../../management/auth.js'
import { INSPECTOR_HEADER, type ReplicaEnv } from '../http/replica-env.js'
import { inputOf, jsonBody, parsed } from '../http/validate.js'
import type { Operation } from './operations.js'

type Schema<O, K extends string> = O extends { [P in K]: infer S extends z.ZodType } ? S : never

type Parsed<O, Out extends boolean> = {
  [K in 'param' | 'query' | 'header' | 'json' as Schema<O, K extends 'json' ? 'body' : K> extends never
    ? never
    : K]: Out extends true
    ? z.output<Schema<O, K extends 'json' ? 'body' : K>>
    : z.input<Schema<O, K extends 'json' ? 'body' : K>>
}

/** The middleware type Hono reads `c.req.valid(target)`'s type from. */
export type ValidatedOperation<O> = MiddlewareHandler<
  ReplicaEnv,
  string,
  { in: Parsed<O, false>; out: Parsed<O, true> }
>

/**
 * @param usage the fidelity tally (counts the operation, and query parameters it ignores)
 * @example .post(honoPath(op), validOperation(op), (c) => c.json(c.req.valid('json')))
 */
export function validOperation<const O extends Operation>(op: O, usage?: UsageTally): ValidatedOperation<O> {
  const { permission, body } = op
  const knownQuery = new Set(Object.keys((op.query as z.ZodObject | undefined)?.shape ?? {}))
  return async (c, next) => {
    if (usage) countUsage(c, op, knownQuery, usage)
    if (permission) requirePermission(c.get('caller'), permission)
    for (const target of ['param', 'query', 'header'] as const) {
      const schema = op[target]
      if (schema) c.req.addValidatedData(target, parsed(target, schema, inputOf(c, target)) as never)
    }
    if (body) {
      const input = await jsonBody(c, op.bodyOptional)
      c.req.addValidatedData('json', parsed('json', body, input) as never)
    }
    await next()
  }
}

/** Counts the operation; a query parameter the operation does not define is reported as ignored. */
function countUsage(c: Context<ReplicaEnv>, op: Operation, knownQuery: Set<string>, usage: UsageTally): void {
  // the web inspector's own reads are not the run's
  if (c.req.header(INSPECTOR_HEADER) !== undefined) return
  usage.operation(op.operationId)
  for (const name of Object.keys(c.req.queries())) {
    if (knownQuery.has(name)) continue
    usage.unemulated({
      kind: 'ignored_parameter',
      surface: 'management',
      method: c.req.method,
      path: c.req.path,
      detail: `query parameter "${name}"`,
    })
  }
}
