/**
 * @module
 * zod validation of a route's inputs, with failures turned into `invalid_request` and
 * `error.fields` (field path -> messages). `c.req.valid(target)` then gives the parsed input, typed
 * from the schema.
 *
 * @note Not `@hono/zod-validator` (the design's first choice): it sits on Hono's `validator`, which
 * reads the content type and awaits three times on every request whatever the target, about a
 * fifth of a `GET /v1/workspaces/{id}` (decision 0003). Inputs are read the way Hono's
 * validator reads them; only a JSON body makes the check wait.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type * as z from 'zod'
import { type FieldErrors, invalidRequest } from '../../management/errors.js'
import { dataKey } from '../../schemas/data-record.js'
import { type JsonLimits, JsonLimitError, parseLimitedJson } from '../../schemas/json-limits.js'

/**
 * Limits of a management or control JSON body (the byte size is capped before it is read:
 * `maxBodyBytes`). Settings nest inside `apps[i].settings`, 4 levels down. No key is refused here:
 * user maps (labels, settings) keep every key as data (`schemas/data-record.ts`), and strict
 * objects name an undeclared `__proto__` like any unknown field.
 */
export const MANAGEMENT_JSON_LIMITS: JsonLimits = {
  maxDepth: 32,
  maxValues: 10_000,
}

/** The inputs routes validate, and how error messages name them. */
const WHERE = {
  json: 'body',
  query: 'query',
  param: 'path',
  header: 'headers',
} as const

type Target = keyof typeof WHERE

/** The middleware type Hono reads `c.req.valid(target)`'s type from. */
type Validated<T extends Target, Schema extends z.ZodType> = MiddlewareHandler<
  // any environment: the route's own is kept
  any,
  string,
  { in: { [K in T]: z.input<Schema> }; out: { [K in T]: z.output<Schema> } }
>

function fieldErrors(issues: readonly z.core.$ZodIssue[], root = '(root)'): FieldErrors {
  // a null-prototype map: a path is any key the client sent (`labels.__proto__`)
  const fields: FieldErrors = Object.create(null)
  const add = (issue: z.core.$ZodIssue, prefix: readonly PropertyKey[]) => {
    const path = [...prefix, ...issue.path]
    const branch = issue.code === 'invalid_union' ? closestBranch(issue.errors) : undefined
    if (branch) {
      for (const inner of branch) add(inner, path)
      return
    }
    const key = path.map((segment) => dataKey(String(segment))).join('.') || root
    fields[key] = [...(fields[key] ?? []), messageOf(issue)]
  }
  for (const issue of issues) add(issue, [])
  return fields
}

/**
 * The union member the input came closest to (its issues are not about the input's own type),
 * so `apps.0.settings.prototype` is named rather than `apps.0: Invalid input`; none when every
 * member refused the input's type.
 */
function closestBranch(
  branches: readonly (readonly z.core.$ZodIssue[])[],
): readonly z.core.$ZodIssue[] | undefined {
  return branches.find(
    (issues) =>
      issues.length > 0 && !issues.some((issue) => issue.path.length === 0 && issue.code === 'invalid_type'),
  )
}

/** A record key's own failure says why (the key's own check), not just "Invalid key". */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_key' && issue.issues[0]) return issue.issues[0].message
  return issue.message
}

/**
 * Middleware: `c.req.valid(target)` is then the input parsed with `schema`. Header names reach a
 * `header` schema in lower case (as Hono gives them), so its keys must be lower case too.
 */
export function valid<T extends Exclude<Target, 'json'>, Schema extends z.ZodType>(
  target: T,
  schema: Schema,
): Validated<T, Schema> {
  return (c, next) => {
    c.req.addValidatedData(target, parsed(target, schema, inputOf(c, target)) as never)
    return next()
  }
}

/** Middleware: `c.req.valid('json')` is then the JSON body (`jsonBody`) parsed with `schema`. */
export function validJson<Schema extends z.ZodType>(
  schema: Schema,
  limits = MANAGEMENT_JSON_LIMITS,
): Validated<'json', Schema> {
  return async (c, next) => {
    c.req.addValidatedData('json', parsed('json', schema, await jsonBody(c, false, limits)) as never)
    await next()
  }
}

export function parsed<Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const fields = fieldErrors(result.error.issues)
  throw invalidRequest(`Failed to validate the request ${WHERE[target]}: ${summarise(fields)}`, fields)
}

/**
 * The parsed body, within `limits` (depth, values). It must be sent as JSON
 * (else a body would silently read as `{}`); an `optional` body may instead be left out: `{}`.
 */
export async function jsonBody(
  c: Context,
  optional = false,
  limits: JsonLimits = MANAGEMENT_JSON_LIMITS,
): Promise<unknown> {
  const text = await c.req.text()
  if (optional && text.trim() === '') return {}
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? ''
  if (!JSON_TYPE.test(type)) {
    throw invalidRequest('Failed to read the request body: Content-Type must be application/json', {
      'content-type': [type ? `Unsupported content type "${type}"` : 'Missing content type'],
    })
  }
  return parseBody(text, limits)
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/

/** What the request holds for `target`, read as Hono's validator reads it (a repeated query value is a list). */
export function inputOf(c: Context, target: Exclude<Target, 'json'>): unknown {
  switch (target) {
    case 'param':
      return c.req.param()
    case 'header':
      return c.req.header()
    case 'query': {
      // null-prototype: a `__proto__` parameter is a parameter, never the object's prototype
      const query: Record<string, string | string[]> = Object.create(null)
      for (const [name, values] of Object.entries(c.req.queries())) {
        query[name] = values.length === 1 ? values[0]! : values
      }
      return query
    }
  }
}

function parseBody(text: string, limits: JsonLimits): unknown {
  try {
    return parseLimitedJson(text, limits)
  } catch (error) {
    if (error instanceof JsonLimitError) {
      throw invalidRequest(`Failed to read the request body: ${error.message}`, {
        [error.path]: [error.message],
      })
    }
    // the error path turns a 4xx HTTPException into `invalid_request`
    throw new HTTPException(400, { message: 'Malformed JSON in request body' })
  }
}

function summarise(fields: FieldErrors): string {
  return Object.entries(fields)
    .slice(0, 3)
    .map(([key, messages]) => `${key}: ${messages[0]}`)
    .join('; ')
}
