/**
 * @module
 * One middleware per management operation, made from its row of the operation table: the
 * permission (checked first, so an under-privileged caller gets 403 whatever it sent), then path
 * parameters, query, headers and body, each validated with the operation's zod schema.
 * `c.req.valid(target)` is then the parsed input, typed from the schema.
 *
 * @note One middleware instead of one per input: every middleware passed costs on every request
 * (see `validate.ts`); only a body makes it wait.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { z } from 'zod'
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
  const check = operationCheck(op, usage)
  const { body } = op
  if (!body) {
    return (c, next) => {
      check(c)
      return next()
    }
  }
  return async (c, next) => {
    check(c)
    const input = await jsonBody(c, op.bodyOptional)
    c.req.addValidatedData('json', parsed('json', body, input) as never)
    await next()
  }
}

/**
 * Counts the operation, checks the permission and validates every input but the body, in that
 * order (`c.req.valid(target)` then holds each); for a route that checks inline.
 */
export function operationCheck(op: Operation, usage?: UsageTally): (c: Context<ReplicaEnv>) => void {
  const check = inputChecks(op)
  if (!usage) return check
  const count = countUsage(op, usage)
  return (c) => {
    count(c)
    check(c)
  }
}

function inputChecks(op: Operation): (c: Context<ReplicaEnv>) => void {
  const { permission, param, query, header } = op
  const steps: Array<(c: Context<ReplicaEnv>) => void> = []
  if (permission) steps.push((c) => requirePermission(c.get('caller'), permission))
  for (const [target, schema] of [
    ['param', param],
    ['query', query],
    ['header', header],
  ] as const) {
    if (schema)
      steps.push((c) => c.req.addValidatedData(target, parsed(target, schema, inputOf(c, target)) as never))
  }
  return (c) => {
    for (const step of steps) step(c)
  }
}

/** Counts the operation; a query parameter the operation does not define is reported as ignored. */
function countUsage(op: Operation, usage: UsageTally): (c: Context<ReplicaEnv>) => void {
  const known = new Set(Object.keys((op.query as z.ZodObject | undefined)?.shape ?? {}))
  return (c) => {
    // the web inspector's own reads are not the run's
    if (c.req.header(INSPECTOR_HEADER) !== undefined) return
    usage.operation(op.operationId)
    if (!c.req.url.includes('?')) return
    for (const name of Object.keys(c.req.queries())) {
      if (known.has(name)) continue
      usage.unemulated({
        kind: 'ignored_parameter',
        surface: 'management',
        method: c.req.method,
        path: c.req.path,
        detail: `query parameter "${name}"`,
      })
    }
  }
}
